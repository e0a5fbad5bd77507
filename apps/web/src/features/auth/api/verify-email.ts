import { apiPaths } from "@recoup/contracts";
import { useMutation } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

/** POST /v1/auth/verify-email { email, code } → 200. */
export async function verifyEmail(body: { email: string; code: string }) {
  await api.post(apiPaths.auth.verifyEmail, body, { auth: false });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
