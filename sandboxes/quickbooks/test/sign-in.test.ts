import * as client from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type QuickBooksSandbox,
  SAMPLE_COMPANIES,
  startQuickBooksSandbox,
  TEST_USERS,
} from "../src/index.ts";
import {
  ACCOUNTING_SCOPE,
  answer,
  CLIENT_ID,
  CLIENT_SECRET,
  connect,
  discover,
  openConsent,
  REDIRECT_URI,
  SIGN_IN_SCOPE,
} from "./flow.ts";

let sandbox: QuickBooksSandbox;
const ada = TEST_USERS.find((u) => u.email === "ada@example.com")!;
const alan = TEST_USERS.find((u) => u.email === "alan@example.com")!;

beforeAll(async () => {
  sandbox = await startQuickBooksSandbox({
    port: 0,
    clients: [{ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, redirect_uris: [REDIRECT_URI] }],
  });
});
afterAll(async () => {
  await sandbox?.close();
});

describe("discovery and keys", () => {
  it("serves Intuit's discovery document shape at the sandbox's own URLs", async () => {
    expect(sandbox.baseUrl).toBe(`http://localhost:${sandbox.port}`);
    expect(sandbox.discoveryUrl).toBe(`${sandbox.baseUrl}/.well-known/openid-configuration`);
    const doc = (await (await fetch(sandbox.discoveryUrl)).json()) as Record<string, unknown>;
    expect(Object.keys(doc)).toEqual([
      "issuer",
      "authorization_endpoint",
      "token_endpoint",
      "userinfo_endpoint",
      "revocation_endpoint",
      "jwks_uri",
      "response_types_supported",
      "subject_types_supported",
      "id_token_signing_alg_values_supported",
      "scopes_supported",
      "token_endpoint_auth_methods_supported",
      "claims_supported",
    ]);
    expect(doc).toMatchObject({
      issuer: sandbox.baseUrl,
      authorization_endpoint: `${sandbox.baseUrl}/connect/oauth2`,
      token_endpoint: `${sandbox.baseUrl}/oauth2/v1/tokens/bearer`,
      userinfo_endpoint: `${sandbox.baseUrl}/v1/openid_connect/userinfo`,
      revocation_endpoint: `${sandbox.baseUrl}/oauth2/v1/tokens/revoke`,
      jwks_uri: `${sandbox.baseUrl}/op/v1/jwks`,
      claims_supported: ["aud", "exp", "iat", "iss", "realmid", "sub"],
    });
    const alias = await fetch(`${sandbox.baseUrl}/.well-known/openid_sandbox_configuration`);
    expect(await alias.json()).toEqual(doc);

    const jwks = (await (await fetch(`${sandbox.baseUrl}/op/v1/jwks`)).json()) as { keys: object[] };
    expect(jwks.keys).toHaveLength(1);
    expect(Object.keys(jwks.keys[0]!).sort()).toEqual(["alg", "e", "kid", "kty", "n", "use"]);
    expect(jwks.keys[0]).toMatchObject({ kty: "RSA", alg: "RS256", use: "sig" });
  });
});

describe("sign in with Intuit", () => {
  it("signs in with PKCE and nonce, returns Intuit's token fields and ID token claims, and serves userinfo", async () => {
    const config = await discover(sandbox.baseUrl);
    const { callback, tokens } = await connect(config, sandbox.baseUrl, SIGN_IN_SCOPE, { user: ada.sub });

    // Ada has a default company, so Intuit puts its realmId on a sign-in callback too.
    expect(callback.searchParams.get("realmId")).toBe(ada.defaultRealmId);
    expect(tokens).toMatchObject({
      token_type: "bearer",
      expires_in: 3600,
      x_refresh_token_expires_in: 8640000,
    });
    expect(tokens.access_token.split(".")).toHaveLength(5); // a JWE, like Intuit's
    expect(tokens.refresh_token).toMatch(/^AB11\d{10}[A-Za-z0-9]{36}$/);

    const claims = tokens.claims()!;
    expect(claims).toMatchObject({
      sub: ada.sub,
      aud: [CLIENT_ID],
      realmid: ada.defaultRealmId,
      iss: sandbox.baseUrl,
    });
    expect(claims.auth_time).toEqual(expect.any(Number));
    expect(claims.exp - claims.iat).toBe(3600);
    expect(claims).not.toHaveProperty("email"); // Intuit's ID token carries no profile claims

    const info = await client.fetchUserInfo(config, tokens.access_token, ada.sub);
    expect(info).toEqual({
      sub: ada.sub,
      email: "ada@example.com",
      emailVerified: true,
      givenName: "Ada",
      familyName: "Lovelace",
      phoneNumber: ada.phoneNumber,
      phoneNumberVerified: true,
      address: ada.address,
    });
  });

  it("leaves realmId off the callback and the ID token for a user without a default company", async () => {
    const config = await discover(sandbox.baseUrl);
    const { callback, tokens } = await connect(config, sandbox.baseUrl, "openid email", { user: alan.sub });
    expect(callback.searchParams.has("realmId")).toBe(false);
    expect(tokens.claims()).not.toHaveProperty("realmid");
    const info = await client.fetchUserInfo(config, tokens.access_token, alan.sub);
    expect(info).toEqual({ sub: alan.sub, email: "alan@example.com", emailVerified: true });
  });

  it("creates a verified identity for a typed email, the same one on the next sign-in", async () => {
    const config = await discover(sandbox.baseUrl);
    const email = `owner-${crypto.randomUUID()}@example.org`;
    const first = await connect(config, sandbox.baseUrl, SIGN_IN_SCOPE, { email, name: "Olive Owner" });
    const sub = first.tokens.claims()!.sub;
    expect(sub).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
    const info = await client.fetchUserInfo(config, first.tokens.access_token, sub);
    expect(info).toMatchObject({ email, emailVerified: true, givenName: "Olive", familyName: "Owner" });
    const second = await connect(config, sandbox.baseUrl, SIGN_IN_SCOPE, { email });
    expect(second.tokens.claims()!.sub).toBe(sub);
  });
});

describe("connect QuickBooks (accounting scope)", () => {
  it("asks for a company and returns its realmId on the callback and in the ID token", async () => {
    const config = await discover(sandbox.baseUrl);
    const company = SAMPLE_COMPANIES[1]!;
    const started = await openConsent(config, ACCOUNTING_SCOPE);
    expect(started.html).toContain("<legend>Select a company</legend>");
    for (const c of SAMPLE_COMPANIES) expect(started.html).toContain(c.name);

    const callback = await answer(sandbox.baseUrl, started, {
      action: "allow",
      user: ada.sub,
      realmId: company.realmId,
    });
    expect(callback.searchParams.get("realmId")).toBe(company.realmId);
    expect(callback.searchParams.get("state")).toBe(started.state);
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: started.verifier,
      expectedState: started.state,
      expectedNonce: started.nonce,
    });
    expect(tokens.claims()!.realmid).toBe(company.realmId);
  });

  it("connects with the accounting scope alone (no ID token)", async () => {
    const config = await discover(sandbox.baseUrl);
    const started = await openConsent(config, "com.intuit.quickbooks.accounting");
    const callback = await answer(sandbox.baseUrl, started, {
      action: "allow",
      user: alan.sub,
      realmId: SAMPLE_COMPANIES[0]!.realmId,
    });
    expect(callback.searchParams.get("realmId")).toBe(SAMPLE_COMPANIES[0]!.realmId);
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: started.verifier,
      expectedState: started.state,
    });
    expect(tokens.id_token).toBeUndefined();
    expect(tokens.refresh_token).toBeTruthy();
    // Userinfo needs the openid scope.
    const res = await fetch(`${sandbox.baseUrl}/v1/openid_connect/userinfo`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(res.status).toBe(403);
  });

  it("refuses to connect without a company", async () => {
    const config = await discover(sandbox.baseUrl);
    const started = await openConsent(config, ACCOUNTING_SCOPE);
    const res = await fetch(`${sandbox.baseUrl}/connect/oauth2`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ request: started.requestId, action: "allow", user: ada.sub }).toString(),
      redirect: "manual",
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Select a company to connect.");
  });

  it("returns error=access_denied with the state when the person cancels", async () => {
    const config = await discover(sandbox.baseUrl);
    const started = await openConsent(config, ACCOUNTING_SCOPE);
    const callback = await answer(sandbox.baseUrl, started, { action: "deny" });
    expect(callback.searchParams.get("error")).toBe("access_denied");
    expect(callback.searchParams.get("state")).toBe(started.state);
    expect(callback.searchParams.has("code")).toBe(false);
  });
});
