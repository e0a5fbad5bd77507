import { apiPaths } from "@recoup/contracts";
import { useMutation } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

/** POST /v1/auth/forgot-password { email } → 200 whether or not the account exists. */
export async function forgotPassword(body: { email: string }) {
  await api.post(apiPaths.auth.forgotPassword, body, { auth: false });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
