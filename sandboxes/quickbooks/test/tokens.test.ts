import * as client from "openid-client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type QuickBooksSandbox, startQuickBooksSandbox, TEST_USERS } from "../src/index.ts";
import {
  answer,
  CLIENT_ID,
  CLIENT_SECRET,
  connect,
  discover,
  openConsent,
  REDIRECT_URI,
  SIGN_IN_SCOPE,
  tokenRequest,
} from "./flow.ts";

let sandbox: QuickBooksSandbox;
/** Added to the sandbox clock, to reach expiries without waiting. */
let offsetMs = 0;
const ada = TEST_USERS[0]!;
const HOUR = 3600_000;

beforeAll(async () => {
  sandbox = await startQuickBooksSandbox({
    port: 0,
    clients: [{ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, redirect_uris: [REDIRECT_URI] }],
    now: () => Date.now() + offsetMs,
  });
});
afterAll(async () => {
  await sandbox?.close();
});
beforeEach(() => {
  offsetMs = 0;
});

async function signIn() {
  const config = await discover(sandbox.baseUrl);
  const result = await connect(config, sandbox.baseUrl, SIGN_IN_SCOPE, { user: ada.sub });
  return { config, ...result };
}

async function userinfoStatus(accessToken: string): Promise<number> {
  const res = await fetch(`${sandbox.baseUrl}/v1/openid_connect/userinfo`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  return res.status;
}

describe("refresh", () => {
  it("returns new tokens and a new refresh token with openid-client", async () => {
    const { config, tokens } = await signIn();
    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed).toMatchObject({ token_type: "bearer", expires_in: 3600 });
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect(refreshed.claims()!.sub).toBe(ada.sub);
    expect(await userinfoStatus(refreshed.access_token)).toBe(200);
  });

  it("answers in Intuit's shape, and keeps the replaced refresh token working for 24 hours only", async () => {
    const { tokens } = await signIn();
    const first = await tokenRequest(sandbox.baseUrl, {
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token!,
    });
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("application/json;charset=UTF-8");
    expect(first.headers.get("intuit_tid")).toMatch(/^1-[0-9a-f]{8}-[0-9a-f]{24}$/);
    expect(Object.keys(first.body)).toEqual([
      "token_type",
      "expires_in",
      "refresh_token",
      "x_refresh_token_expires_in",
      "access_token",
      "id_token",
    ]);

    offsetMs = 23 * HOUR; // the old token still works during the grace period
    const again = await tokenRequest(sandbox.baseUrl, {
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token!,
    });
    expect(again.status).toBe(200);

    offsetMs = 25 * HOUR; // ... and not after it
    const late = await tokenRequest(sandbox.baseUrl, {
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token!,
    });
    expect(late).toMatchObject({
      status: 400,
      body: { error_description: "Incorrect or invalid refresh token", error: "invalid_grant" },
    });
    // The newest refresh token keeps the connection alive (rolling 100 days).
    const latest = await tokenRequest(sandbox.baseUrl, {
      grant_type: "refresh_token",
      refresh_token: again.body.refresh_token as string,
    });
    expect(latest.status).toBe(200);
    expect(latest.body.x_refresh_token_expires_in).toBe(8640000);
  });

  it("reports the five-year hard expiry when asked with Intuit's header", async () => {
    const { tokens } = await signIn();
    const res = await fetch(`${sandbox.baseUrl}/oauth2/v1/tokens/bearer`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
        "x-include-refresh-token-hard-expires-in": "true",
      },
      body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: tokens.refresh_token! }),
    });
    const body = (await res.json()) as Record<string, number>;
    expect(body.x_refresh_token_hard_expires_in).toBeGreaterThan(5 * 365 * 24 * 3600 - 60);
  });

  it("expires access tokens after an hour", async () => {
    const { tokens } = await signIn();
    expect(await userinfoStatus(tokens.access_token)).toBe(200);
    offsetMs = HOUR + 1000;
    expect(await userinfoStatus(tokens.access_token)).toBe(401);
  });
});

describe("revoke", () => {
  it("revokes with openid-client (form body): refresh then gives invalid_grant and the access token stops working", async () => {
    const { config, tokens } = await signIn();
    await client.tokenRevocation(config, tokens.refresh_token!);
    await expect(client.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({
      error: "invalid_grant",
    });
    expect(await userinfoStatus(tokens.access_token)).toBe(401);
  });

  it("revokes with Intuit's JSON body, using the access token", async () => {
    const { tokens } = await signIn();
    const res = await fetch(`${sandbox.baseUrl}/oauth2/v1/tokens/revoke`, {
      method: "POST",
      headers: {
        accept: "application/json",
        authorization: `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString("base64")}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({ token: tokens.access_token }),
    });
    expect(res.status).toBe(200);
    const refresh = await tokenRequest(sandbox.baseUrl, {
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token!,
    });
    expect(refresh).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
  });

  it("needs the client's credentials", async () => {
    const res = await fetch(`${sandbox.baseUrl}/oauth2/v1/tokens/revoke`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token: "whatever" }),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: "invalid_client" });
  });
});

describe("authorization code exchange", () => {
  async function freshCode() {
    const config = await discover(sandbox.baseUrl);
    const started = await openConsent(config, SIGN_IN_SCOPE);
    const callback = await answer(sandbox.baseUrl, started, { action: "allow", user: ada.sub });
    return { code: callback.searchParams.get("code")!, verifier: started.verifier };
  }

  it("refuses a reused code with invalid_grant and revokes what the first exchange issued", async () => {
    const { config, tokens, callback, started } = await signIn();
    await expect(
      client.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: started.verifier,
        expectedState: started.state,
        expectedNonce: started.nonce,
      }),
    ).rejects.toMatchObject({ error: "invalid_grant" });
    expect(await userinfoStatus(tokens.access_token)).toBe(401);
  });

  it("checks the redirect_uri, the PKCE verifier, the code's age and the client secret", async () => {
    const wrongRedirect = await freshCode();
    const r1 = await tokenRequest(sandbox.baseUrl, {
      grant_type: "authorization_code",
      code: wrongRedirect.code,
      redirect_uri: "http://localhost:5999/other",
      code_verifier: wrongRedirect.verifier,
    });
    expect(r1).toMatchObject({ status: 400, body: { error: "invalid_grant" } });

    const wrongVerifier = await freshCode();
    const r2 = await tokenRequest(sandbox.baseUrl, {
      grant_type: "authorization_code",
      code: wrongVerifier.code,
      redirect_uri: REDIRECT_URI,
      code_verifier: client.randomPKCECodeVerifier(),
    });
    expect(r2).toMatchObject({ status: 400, body: { error: "invalid_grant" } });

    const old = await freshCode();
    offsetMs = 10 * 60_000 + 1000;
    const r3 = await tokenRequest(sandbox.baseUrl, {
      grant_type: "authorization_code",
      code: old.code,
      redirect_uri: REDIRECT_URI,
      code_verifier: old.verifier,
    });
    expect(r3).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    offsetMs = 0;

    const good = await freshCode();
    const r4 = await tokenRequest(
      sandbox.baseUrl,
      {
        grant_type: "authorization_code",
        code: good.code,
        redirect_uri: REDIRECT_URI,
        code_verifier: good.verifier,
      },
      "wrong-secret",
    );
    expect(r4).toMatchObject({ status: 401, body: { error: "invalid_client" } });
    const r5 = await tokenRequest(sandbox.baseUrl, {
      grant_type: "authorization_code",
      code: good.code,
      redirect_uri: REDIRECT_URI,
      code_verifier: good.verifier,
    });
    expect(r5.status).toBe(200);
  });

  it("accepts client_secret_post and rejects unknown grant types", async () => {
    const { code, verifier } = await freshCode();
    const res = await fetch(`${sandbox.baseUrl}/oauth2/v1/tokens/bearer`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        redirect_uri: REDIRECT_URI,
        code_verifier: verifier,
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
      }),
    });
    expect(res.status).toBe(200);
    const other = await tokenRequest(sandbox.baseUrl, { grant_type: "client_credentials" });
    expect(other).toMatchObject({ status: 400, body: { error: "unsupported_grant_type" } });
  });
});
