import { apiPaths, type ResetPasswordRequest } from "@recoup/contracts";
import { useMutation } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

/** POST /v1/auth/reset-password { email, code, newPassword } → 200. */
export async function resetPassword(body: ResetPasswordRequest) {
  await api.post(apiPaths.auth.resetPassword, body, { auth: false });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
