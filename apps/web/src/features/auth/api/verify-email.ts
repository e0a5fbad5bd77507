import { apiPaths, type VerifyEmailRequest } from "@recoup/contracts";
import { useMutation } from "@tanstack/react-query";

import { useCompleteSignIn } from "@/features/auth/hooks/use-complete-sign-in";
import { api } from "@/lib/api-client";

/**
 * POST /v1/auth/verify-email { email, code, password | newPassword } → the same tokens as login.
 * 409 PASSWORD_MISMATCH: `password` is not the account's current one; the code stays open for a
 * `newPassword`.
 */
export async function verifyEmail(body: VerifyEmailRequest) {
  const res = await api.post(apiPaths.auth.verifyEmail, body, {
    auth: false,
    schema: () => import("@/lib/response-schemas").then((m) => m.loginResponseSchema),
  });
  return res.data;
}

/**
 * Verifies, then signs in as a login does (and goes on to onboarding or the dashboard). `onSuccess`
 * runs even though the form is gone by then.
 */
export function useVerifyEmail(options: { onSuccess?: () => void } = {}) {
  const completeSignIn = useCompleteSignIn();
  return useMutation({
    mutationFn: async (body: VerifyEmailRequest) => completeSignIn(await verifyEmail(body)),
    onSuccess: options.onSuccess,
  });
}
