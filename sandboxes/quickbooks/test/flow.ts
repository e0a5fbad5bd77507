import * as client from "openid-client";
import { expect } from "vitest";

export const CLIENT_ID = "ABtestClientIdForTheQuickBooksSandbox0123456789";
export const CLIENT_SECRET = "testSecretForTheQuickBooksSandbox";
export const REDIRECT_URI = "http://localhost:5999/callback/quickbooks";
export const SIGN_IN_SCOPE = "openid profile email phone address";
export const ACCOUNTING_SCOPE = `com.intuit.quickbooks.accounting ${SIGN_IN_SCOPE}`;

export function discover(baseUrl: string) {
  return client.discovery(new URL(baseUrl), CLIENT_ID, undefined, client.ClientSecretBasic(CLIENT_SECRET), {
    execute: [client.allowInsecureRequests],
  });
}

export interface Started {
  verifier: string;
  state: string;
  nonce: string;
  pageUrl: string;
  html: string;
  requestId: string;
}

/** Opens the authorize URL (PKCE S256, state, nonce) and returns the consent page. */
export async function openConsent(config: client.Configuration, scope: string): Promise<Started> {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT_URI,
    scope,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
    nonce,
  });
  const res = await fetch(url, { redirect: "manual" });
  expect(res.status).toBe(200);
  const html = await res.text();
  const requestId = /name="request" value="([^"]+)"/.exec(html)?.[1];
  expect(requestId).toBeTruthy();
  return { verifier, state, nonce, pageUrl: url.href, html, requestId: requestId! };
}

/** Submits the consent form; returns the redirect back to the app. */
export async function answer(
  baseUrl: string,
  started: Started,
  fields: Record<string, string>,
): Promise<URL> {
  const res = await fetch(`${baseUrl}/connect/oauth2`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ request: started.requestId, ...fields }).toString(),
    redirect: "manual",
  });
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get("location")!);
  expect(location.href.startsWith(REDIRECT_URI)).toBe(true);
  return location;
}

/** A full authorization: consent as `fields`, then the code exchange with openid-client. */
export async function connect(
  config: client.Configuration,
  baseUrl: string,
  scope: string,
  fields: Record<string, string>,
) {
  const started = await openConsent(config, scope);
  const callback = await answer(baseUrl, started, { action: "allow", ...fields });
  const tokens = await client.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: started.verifier,
    expectedState: started.state,
    expectedNonce: started.nonce,
    idTokenExpected: scope.split(" ").includes("openid"),
  });
  return { started, callback, tokens };
}

/** A raw call to the token endpoint, as Intuit documents it (Basic auth, form body). */
export async function tokenRequest(baseUrl: string, form: Record<string, string>, secret = CLIENT_SECRET) {
  const res = await fetch(`${baseUrl}/oauth2/v1/tokens/bearer`, {
    method: "POST",
    headers: {
      accept: "application/json",
      authorization: `Basic ${Buffer.from(`${CLIENT_ID}:${secret}`).toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(form).toString(),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}
