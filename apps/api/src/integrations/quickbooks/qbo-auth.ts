import * as client from "openid-client";
import type { OidcClientConfig } from "../../config.ts";
import { lazyDiscovery } from "../oidc/discovery.ts";

export const ACCOUNTING_SCOPE = "com.intuit.quickbooks.accounting openid profile email phone address";

export interface QboTokens {
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: Date;
  refreshExpiresAt: Date;
}

/** Intuit refused the refresh token: the connection must be made again. */
export class QboReconnectRequired extends Error {}

/** Intuit OAuth 2.0 for the accounting connection: authorize, code exchange, refresh, revoke. */
export class QboAuth {
  private readonly config: () => Promise<client.Configuration>;

  constructor(
    settings: OidcClientConfig,
    readonly redirectUri: string,
  ) {
    this.config = lazyDiscovery(settings);
  }

  /** The spec's parameters: client id, response_type code, scope, redirect_uri, state. */
  async authorizationUrl(state: string) {
    return client.buildAuthorizationUrl(await this.config(), {
      redirect_uri: this.redirectUri,
      scope: ACCOUNTING_SCOPE,
      state,
    }).href;
  }

  async exchange(code: string, state: string, realmId: string): Promise<QboTokens> {
    const url = new URL(this.redirectUri);
    url.search = new URLSearchParams({ code, state, realmId }).toString();
    const tokens = await client.authorizationCodeGrant(await this.config(), url, {
      expectedState: state,
      idTokenExpected: true,
    });
    // The realm on the callback URL comes through the browser; Intuit's signed ID token says which it is.
    const claimed = tokens.claims()?.realmid;
    if (claimed !== undefined && String(claimed) !== realmId)
      throw new Error("realmId does not match the ID token");
    return toTokens(tokens);
  }

  async refresh(refreshToken: string): Promise<QboTokens> {
    try {
      return toTokens(await client.refreshTokenGrant(await this.config(), refreshToken));
    } catch (err) {
      if (err instanceof client.ResponseBodyError && err.error === "invalid_grant") {
        throw new QboReconnectRequired(err.error_description ?? "invalid_grant");
      }
      throw err;
    }
  }

  async revoke(token: string) {
    await client.tokenRevocation(await this.config(), token);
  }
}

function toTokens(t: client.TokenEndpointResponse): QboTokens {
  const now = Date.now();
  const refreshIn = Number((t as Record<string, unknown>).x_refresh_token_expires_in ?? 8_640_000);
  return {
    accessToken: t.access_token,
    refreshToken: t.refresh_token!,
    accessExpiresAt: new Date(now + (t.expires_in ?? 3600) * 1000),
    refreshExpiresAt: new Date(now + refreshIn * 1000),
  };
}
