import { apiPaths, type LoginRequest } from "@recoup/contracts";

import { api } from "@/lib/api-client";

/** POST /v1/auth/login → the tokens. Unauthenticated: its 401 means wrong credentials, not "refresh". */
export async function login(body: LoginRequest) {
  const res = await api.post(apiPaths.auth.login, body, {
    auth: false,
    schema: () => import("@/lib/response-schemas").then((m) => m.loginResponseSchema),
  });
  return res.data;
}
