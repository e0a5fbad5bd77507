import { apiPaths, type LoginCodeRequest } from "@recoup/contracts";
import { useMutation } from "@tanstack/react-query";

import { useCompleteSignIn } from "@/features/auth/hooks/use-complete-sign-in";
import { api } from "@/lib/api-client";

/** POST /v1/auth/login/code { email, challenge, code } → the same tokens as login. */
export async function loginWithCode(body: LoginCodeRequest) {
  const res = await api.post(apiPaths.auth.loginCode, body, {
    auth: false,
    schema: () => import("@/lib/response-schemas").then((m) => m.loginResponseSchema),
  });
  return res.data;
}

/** Finishes the login with the emailed code, then signs in as a login does. */
export function useLoginWithCode() {
  const completeSignIn = useCompleteSignIn();
  return useMutation({
    mutationFn: async (body: LoginCodeRequest) => completeSignIn(await loginWithCode(body)),
  });
}
