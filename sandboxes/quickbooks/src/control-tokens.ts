/**
 * The control API's connections: tokens for a realm without the browser, and expiring or revoking
 * every connection to one (as a long pause or a disconnect from QBO would).
 */
import { ControlError } from "./accounting/changes.ts";
import type { SandboxContext } from "./context.ts";
import { ACCOUNTING_SCOPE } from "./oauth/scopes.ts";
import { ACCESS_TOKEN_SECONDS } from "./oauth/store.ts";

export interface IssuedTokens {
  realmId: string;
  token_type: "bearer";
  access_token: string;
  refresh_token: string;
  expires_in: number;
  x_refresh_token_expires_in: number;
}

/**
 * Expires the refresh tokens of every connection to the realm (a refresh answers
 * invalid_grant); with `access`, the access tokens too. Returns how many connections.
 */
export function expireTokens(
  sandbox: SandboxContext,
  realmId: string,
  options: { access?: boolean } = {},
): { grants: number } {
  const grants = sandbox.oauth.grantsForRealm(realmId);
  for (const grant of grants) sandbox.oauth.expireGrant(grant, options);
  return { grants: grants.length };
}

/** Revokes every connection to the realm, as a disconnect from QBO does. */
export function revokeTokens(sandbox: SandboxContext, realmId: string): { grants: number } {
  const grants = sandbox.oauth.grantsForRealm(realmId);
  for (const grant of grants) sandbox.oauth.revokeGrant(grant);
  return { grants: grants.length };
}

/**
 * Connects without the browser: tokens for a realm as a code exchange would give them, for
 * the first registered app (or `clientId`) and the first test user (or `sub`). The realm is
 * checked by the caller.
 */
export async function issueTokens(
  sandbox: SandboxContext,
  realmId: string,
  options: { clientId?: string; sub?: string; scopes?: string[] } = {},
): Promise<IssuedTokens> {
  const { oauth, clients, users } = sandbox;
  const client = options.clientId ? clients.get(options.clientId) : [...clients.values()][0];
  if (!client) throw new ControlError(400, "No such app registered (clients option)");
  const user = options.sub ? users.get(options.sub) : users.list()[0];
  if (!user) throw new ControlError(400, "No such user");
  const code = oauth.issueCode({
    clientId: client.client_id,
    redirectUri: client.redirect_uris[0] ?? "",
    scopes: options.scopes ?? [ACCOUNTING_SCOPE],
    sub: user.sub,
    realmId,
  });
  const grant = oauth.createGrant(code);
  const access = await oauth.issueAccessToken(grant);
  const tokens: IssuedTokens = {
    realmId,
    token_type: "bearer",
    access_token: access.token,
    refresh_token: grant.refreshToken,
    expires_in: ACCESS_TOKEN_SECONDS,
    x_refresh_token_expires_in: Math.ceil((grant.refreshExpiresAt - sandbox.now()) / 1000),
  };
  return tokens;
}
