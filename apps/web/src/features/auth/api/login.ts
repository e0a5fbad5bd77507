import { apiPaths, type LoginRequest } from "@recoup/contracts";

import { api } from "@/lib/api-client";

/**
 * POST /v1/auth/login → the tokens, or (202) the emailed-code step for a browser the account does
 * not know while it sees failed logins. Unauthenticated: its 401 means wrong credentials, not "refresh".
 */
export async function login(body: LoginRequest) {
  const res = await api.post(apiPaths.auth.login, body, {
    auth: false,
    schema: () => import("@/lib/response-schemas").then((m) => m.loginResultSchema),
  });
  return res.data;
}
