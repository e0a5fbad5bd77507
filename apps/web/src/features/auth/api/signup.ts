import { apiPaths, type SignupRequest } from "@recoup/contracts";
import { useMutation } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

/** POST /v1/auth/signup → 201 { data: { message } }; a verification code goes by email. */
export async function signup(body: SignupRequest) {
  const res = await api.post(apiPaths.auth.signup, body, {
    auth: false,
    schema: () => import("@/lib/response-schemas").then((m) => m.messageResponseSchema),
  });
  return res.data;
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
