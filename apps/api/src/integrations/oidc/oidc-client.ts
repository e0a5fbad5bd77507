import type { OAuthProvider } from "@recoup/contracts";
import * as client from "openid-client";
import type { OidcClientConfig } from "../../config.ts";
import { lazyDiscovery } from "./discovery.ts";

/** Per provider: what we ask for and whether the provider echoes a nonce. */
const PROVIDERS: Record<OAuthProvider, { scope: string; useNonce: boolean }> = {
  google: { scope: "openid email profile", useNonce: true },
  // Intuit's ID token carries no nonce claim; state and PKCE bind its round trip.
  intuit: { scope: "openid profile email phone address", useNonce: false },
};

export interface OidcIdentity {
  subject: string;
  issuer: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
}

/** The one client of Google's and Intuit's OpenID endpoints (openid-client: PKCE, state, nonce, iss). */
export class OidcClient {
  private readonly config: () => Promise<client.Configuration>;

  constructor(
    readonly provider: OAuthProvider,
    settings: OidcClientConfig,
    private readonly redirectUri: string,
  ) {
    this.config = lazyDiscovery(settings);
  }

  async authorizationUrl(tx: { state: string; nonce: string; codeVerifier: string }) {
    const { scope, useNonce } = PROVIDERS[this.provider];
    const params: Record<string, string> = {
      redirect_uri: this.redirectUri,
      scope,
      state: tx.state,
      code_challenge: await client.calculatePKCECodeChallenge(tx.codeVerifier),
      code_challenge_method: "S256",
    };
    if (useNonce) params.nonce = tx.nonce;
    return client.buildAuthorizationUrl(await this.config(), params).href;
  }

  /** Exchanges the code and returns who signed in; throws on any state, nonce, iss or signature mismatch. */
  async exchange(
    callback: Record<string, string | undefined>,
    tx: { state: string; nonce: string; codeVerifier: string },
  ): Promise<OidcIdentity> {
    const config = await this.config();
    const url = new URL(this.redirectUri);
    for (const [k, v] of Object.entries(callback)) if (v !== undefined) url.searchParams.set(k, v);
    const { useNonce } = PROVIDERS[this.provider];
    const tokens = await client.authorizationCodeGrant(config, url, {
      pkceCodeVerifier: tx.codeVerifier,
      expectedState: tx.state,
      expectedNonce: useNonce ? tx.nonce : undefined,
      idTokenExpected: true,
    });
    const claims = tokens.claims()!;
    let email = typeof claims.email === "string" ? claims.email : undefined;
    let emailVerified = claims.email_verified === true;
    let name = typeof claims.name === "string" ? claims.name : undefined;
    if (!email) {
      const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      email = typeof info.email === "string" ? info.email : undefined;
      // Intuit spells it emailVerified.
      emailVerified = info.email_verified === true || info.emailVerified === true;
      const given = info.given_name ?? info.givenName;
      const family = info.family_name ?? info.familyName;
      name ??= [given, family].filter((p) => typeof p === "string" && p).join(" ") || undefined;
    }
    return { subject: claims.sub, issuer: claims.iss, email: email?.toLowerCase(), emailVerified, name };
  }
}

export const randomTransaction = () => ({
  state: client.randomState(),
  nonce: client.randomNonce(),
  codeVerifier: client.randomPKCECodeVerifier(),
});
