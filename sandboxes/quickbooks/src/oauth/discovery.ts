import type { RequestContext } from "../context.ts";
import { sendJson } from "../http.ts";

export const PATHS = {
  discovery: "/.well-known/openid-configuration",
  /** The names Intuit actually serves its documents under. */
  discoveryAliases: ["/.well-known/openid_sandbox_configuration", "/.well-known/openid_configuration"],
  authorize: "/connect/oauth2",
  token: "/oauth2/v1/tokens/bearer",
  revoke: "/oauth2/v1/tokens/revoke",
  /** Intuit's real revocation path. */
  revokeAlias: "/v2/oauth2/tokens/revoke",
  userinfo: "/v1/openid_connect/userinfo",
  jwks: "/op/v1/jwks",
} as const;

/** Same members, in the same order, as Intuit's sandbox discovery document; only the URLs differ. */
export function discoveryDocument(baseUrl: string) {
  return {
    issuer: baseUrl,
    authorization_endpoint: `${baseUrl}${PATHS.authorize}`,
    token_endpoint: `${baseUrl}${PATHS.token}`,
    userinfo_endpoint: `${baseUrl}${PATHS.userinfo}`,
    revocation_endpoint: `${baseUrl}${PATHS.revoke}`,
    jwks_uri: `${baseUrl}${PATHS.jwks}`,
    response_types_supported: ["code"],
    subject_types_supported: ["public"],
    id_token_signing_alg_values_supported: ["RS256"],
    scopes_supported: ["openid", "email", "profile", "address", "phone"],
    token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"],
    claims_supported: ["aud", "exp", "iat", "iss", "realmid", "sub"],
  };
}

export function discovery(ctx: RequestContext): void {
  sendJson(ctx.res, 200, discoveryDocument(ctx.sandbox.baseUrl), { "access-control-allow-origin": "*" });
}

export function jwks(ctx: RequestContext): void {
  sendJson(ctx.res, 200, ctx.sandbox.keys.jwks, { "access-control-allow-origin": "*" });
}
