import { createHash } from "node:crypto";
import type { QuickBooksClient, RequestContext } from "../context.ts";
import { readParams, sendJson } from "../http.ts";
import { authenticateClient } from "./client-auth.ts";
import { ACCESS_TOKEN_SECONDS, type AuthorizationCode, type Grant } from "./store.ts";

const NO_STORE = { "cache-control": "no-cache, no-store", pragma: "no-cache" };

function oauthError(ctx: RequestContext, error: string, description?: string, status = 400): void {
  sendJson(ctx.res, status, description ? { error_description: description, error } : { error }, NO_STORE);
}

function pkceMatches(code: AuthorizationCode, verifier: string | undefined): boolean {
  if (!code.codeChallenge) return true;
  if (!verifier || !/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) return false;
  const computed =
    code.codeChallengeMethod === "plain"
      ? verifier
      : createHash("sha256").update(verifier).digest("base64url");
  return computed === code.codeChallenge;
}

async function idToken(ctx: RequestContext, grant: Grant, nonce?: string): Promise<string> {
  const now = Math.floor(ctx.sandbox.now() / 1000);
  // Claim order and shapes follow Intuit's ID tokens: aud is an array, realmid is lower-case.
  return ctx.sandbox.keys.signIdToken({
    sub: grant.sub,
    aud: [grant.clientId],
    ...(grant.realmId ? { realmid: grant.realmId } : {}),
    auth_time: grant.authTime,
    iss: ctx.sandbox.baseUrl,
    exp: now + ACCESS_TOKEN_SECONDS,
    iat: now,
    ...(nonce ? { nonce } : {}),
  });
}

async function tokenResponse(ctx: RequestContext, grant: Grant, nonce?: string): Promise<void> {
  const now = ctx.sandbox.now();
  const access = await ctx.sandbox.oauth.issueAccessToken(grant);
  const hardExpiry = ctx.req.headers["x-include-refresh-token-hard-expires-in"] === "true";
  sendJson(
    ctx.res,
    200,
    {
      token_type: "bearer",
      expires_in: ACCESS_TOKEN_SECONDS,
      refresh_token: grant.refreshToken,
      x_refresh_token_expires_in: Math.max(0, Math.ceil((grant.refreshExpiresAt - now) / 1000)),
      ...(hardExpiry
        ? { x_refresh_token_hard_expires_in: Math.max(0, Math.ceil((grant.hardExpiresAt - now) / 1000)) }
        : {}),
      access_token: access.token,
      ...(grant.scopes.includes("openid") ? { id_token: await idToken(ctx, grant, nonce) } : {}),
    },
    NO_STORE,
  );
}

async function exchangeCode(ctx: RequestContext, client: QuickBooksClient, params: Map<string, string>) {
  const { oauth } = ctx.sandbox;
  const code = oauth.findCode(params.get("code") ?? "");
  if (!code || code.clientId !== client.client_id) return oauthError(ctx, "invalid_grant");
  if (code.grantId) {
    // Intuit: a code is exchanged once; a second exchange may revoke what the first one issued.
    const grant = oauth.grant(code.grantId);
    if (grant) oauth.revokeGrant(grant);
    return oauthError(ctx, "invalid_grant");
  }
  if (code.expiresAt <= ctx.sandbox.now()) return oauthError(ctx, "invalid_grant", "Token invalid");
  if (params.get("redirect_uri") !== code.redirectUri) return oauthError(ctx, "invalid_grant");
  if (!pkceMatches(code, params.get("code_verifier"))) {
    return oauthError(ctx, "invalid_grant", "PKCE verification failed");
  }
  const grant = oauth.createGrant(code);
  await tokenResponse(ctx, grant, code.nonce);
}

async function refresh(ctx: RequestContext, client: QuickBooksClient, params: Map<string, string>) {
  const token = params.get("refresh_token");
  if (!token) return oauthError(ctx, "invalid_request", "refresh_token is required");
  // Fault injection (control API): the refresh token may be found expired at a given rate.
  const current = ctx.sandbox.oauth.grantOfToken(token);
  if (current?.realmId && ctx.sandbox.faults.drawRefreshExpired(current.realmId)) {
    ctx.sandbox.oauth.expireGrant(current);
  }
  const grant = ctx.sandbox.oauth.refresh(token, client.client_id);
  if (!grant) return oauthError(ctx, "invalid_grant", "Incorrect or invalid refresh token");
  await tokenResponse(ctx, grant);
}

/** POST /oauth2/v1/tokens/bearer */
export async function token(ctx: RequestContext): Promise<void> {
  const params = await readParams(ctx.req);
  const client = authenticateClient(ctx, params);
  if (!client) return;
  switch (params.get("grant_type")) {
    case "authorization_code":
      return exchangeCode(ctx, client, params);
    case "refresh_token":
      return refresh(ctx, client, params);
    case undefined:
      return oauthError(ctx, "invalid_request", "grant_type is required");
    default:
      return oauthError(ctx, "unsupported_grant_type");
  }
}
