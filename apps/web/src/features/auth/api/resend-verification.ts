import { apiPaths } from "@recoup/contracts";
import { useMutation } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

/** POST /v1/auth/resend-verification { email } → 200 { data: { message } }, the same whether or not the account exists. */
export async function resendVerification(body: { email: string }) {
  const res = await api.post(apiPaths.auth.resendVerification, body, {
    auth: false,
    schema: () => import("@/lib/response-schemas").then((m) => m.messageResponseSchema),
  });
  return res.data.message;
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
