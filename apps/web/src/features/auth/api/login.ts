import { apiPaths, type LoginRequest, loginResponseSchema } from "@recoup/contracts";

import { api } from "@/lib/api-client";

/** POST /v1/auth/login → the tokens. Unauthenticated: its 401 means wrong credentials, not "refresh". */
export async function login(body: LoginRequest) {
  const res = await api.post(apiPaths.auth.login, body, { auth: false, schema: loginResponseSchema });
  return res.data;
}
