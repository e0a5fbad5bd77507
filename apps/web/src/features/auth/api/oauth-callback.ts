import {
  apiPaths,
  loginResponseSchema,
  type OAuthCallbackRequest,
  type OAuthProvider,
} from "@recoup/contracts";

import { api } from "@/lib/api-client";

/** POST /v1/auth/oauth/{provider}/callback { code, state, iss?, realmId? } → the same tokens as login. */
export async function oauthCallback(provider: OAuthProvider, body: OAuthCallbackRequest) {
  const res = await api.post(apiPaths.auth.oauthCallback(provider), body, {
    auth: false,
    schema: loginResponseSchema,
  });
  return res.data;
}
