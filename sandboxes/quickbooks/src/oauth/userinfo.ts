import type { RequestContext } from "../context.ts";
import { bearerToken, sendJson } from "../http.ts";
import type { IntuitUser } from "../users.ts";

/** Intuit's userinfo uses camelCase claim names; which appear depends on the granted scopes. */
function claimsFor(user: IntuitUser, scopes: string[]): Record<string, unknown> {
  const has = (scope: string) => scopes.includes(scope);
  return {
    sub: user.sub,
    ...(has("email") ? { email: user.email, emailVerified: user.emailVerified } : {}),
    ...(has("profile")
      ? { givenName: user.givenName, ...(user.familyName ? { familyName: user.familyName } : {}) }
      : {}),
    ...(has("phone") && user.phoneNumber
      ? { phoneNumber: user.phoneNumber, phoneNumberVerified: user.phoneNumberVerified ?? false }
      : {}),
    ...(has("address") && user.address ? { address: user.address } : {}),
  };
}

/** GET /v1/openid_connect/userinfo with `Authorization: Bearer <access token>`. */
export function userinfo(ctx: RequestContext) {
  const token = bearerToken(ctx.req);
  const record = token ? ctx.sandbox.oauth.verifyAccessToken(token) : undefined;
  if (!record) {
    return sendJson(
      ctx.res,
      401,
      { error: "invalid_token", error_description: "Token invalid" },
      { "www-authenticate": token ? 'Bearer error="invalid_token"' : 'Bearer realm="Intuit"' },
    );
  }
  const user = ctx.sandbox.users.get(record.sub);
  if (!user || !record.scopes.includes("openid")) {
    return sendJson(
      ctx.res,
      403,
      { error: "insufficient_scope", error_description: "The openid scope is required" },
      { "www-authenticate": 'Bearer error="insufficient_scope", scope="openid"' },
    );
  }
  sendJson(ctx.res, 200, claimsFor(user, record.scopes));
}
