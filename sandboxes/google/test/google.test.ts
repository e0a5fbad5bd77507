import * as client from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GoogleSandbox, startGoogleSandbox, TEST_ACCOUNTS } from "../src/index.ts";
import { Browser, formAction } from "./browser.ts";

const CLIENT_ID = "recoup-test.apps.googleusercontent.com";
const CLIENT_SECRET = "test-secret";
const REDIRECT_URI = "http://localhost:5999/callback/google";

let sandbox: GoogleSandbox;

beforeAll(async () => {
  sandbox = await startGoogleSandbox({
    port: 0,
    clients: [{ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, redirect_uris: [REDIRECT_URI] }],
  });
});
afterAll(async () => {
  await sandbox?.close();
});

async function discover(auth: "basic" | "post" = "basic") {
  const authentication =
    auth === "basic" ? client.ClientSecretBasic(CLIENT_SECRET) : client.ClientSecretPost(CLIENT_SECRET);
  return client.discovery(new URL(sandbox.issuer), CLIENT_ID, undefined, authentication, {
    execute: [client.allowInsecureRequests],
  });
}

interface Flow {
  config: client.Configuration;
  browser: Browser;
  verifier: string;
  state: string;
  nonce: string;
  /** The page after following the authorize redirect (the account chooser). */
  page: { url: string; html: string };
}

async function startFlow(
  config: client.Configuration,
  extra: Record<string, string> = {},
  browser = new Browser(),
): Promise<Flow> {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT_URI,
    scope: "openid email profile",
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
    nonce,
    ...extra,
  });
  const { url: pageUrl, res } = await browser.follow(url.href, REDIRECT_URI);
  expect(res.status).toBe(200);
  return { config, browser, verifier, state, nonce, page: { url: pageUrl, html: await res.text() } };
}

/** Picks an account on the chooser (or types an email) and lands on the consent page. */
async function chooseAccount(flow: Flow, fields: Record<string, string>) {
  const { url, res } = await flow.browser.submit(
    formAction(flow.page.html, flow.page.url, "/login"),
    fields,
    REDIRECT_URI,
  );
  expect(res.status).toBe(200);
  return { url, html: await res.text() };
}

async function signIn(config: client.Configuration, fields: Record<string, string>, browser = new Browser()) {
  const flow = await startFlow(config, {}, browser);
  const consent = await chooseAccount(flow, fields);
  expect(consent.html).toContain("wants to access your Google Account");
  const { url: callback } = await flow.browser.submit(
    formAction(consent.html, consent.url, "/confirm"),
    {},
    REDIRECT_URI,
  );
  const tokens = await client.authorizationCodeGrant(config, new URL(callback), {
    pkceCodeVerifier: flow.verifier,
    expectedState: flow.state,
    expectedNonce: flow.nonce,
    idTokenExpected: true,
  });
  return { tokens, claims: tokens.claims()!, flow, callback };
}

describe("google sandbox discovery", () => {
  it("publishes an OpenID configuration and an RS256 key set", async () => {
    expect(sandbox.issuer).toBe(`http://localhost:${sandbox.port}`);
    const config = await discover();
    const metadata = config.serverMetadata();
    expect(metadata.issuer).toBe(sandbox.issuer);
    expect(metadata.code_challenge_methods_supported).toEqual(["S256"]);
    expect(metadata.token_endpoint_auth_methods_supported).toEqual(
      expect.arrayContaining(["client_secret_basic", "client_secret_post"]),
    );
    expect(metadata.id_token_signing_alg_values_supported).toContain("RS256");
    expect(metadata.scopes_supported).toEqual(expect.arrayContaining(["openid", "email", "profile"]));
    const jwks = (await (await fetch(metadata.jwks_uri!)).json()) as { keys: Array<Record<string, string>> };
    expect(jwks.keys[0]).toMatchObject({ kty: "RSA", alg: "RS256", use: "sig" });
    expect(jwks.keys[0]).not.toHaveProperty("d");
  });
});

describe("google sandbox sign-in", () => {
  it("signs in a test account with PKCE and nonce (client_secret_basic) and serves userinfo", async () => {
    const config = await discover("basic");
    const ada = TEST_ACCOUNTS.find((a) => a.email === "ada@example.com")!;
    const { tokens, claims, callback } = await signIn(config, { account: ada.sub });

    expect(new URL(callback).searchParams.get("iss")).toBe(sandbox.issuer);
    expect(claims).toMatchObject({
      iss: sandbox.issuer,
      aud: CLIENT_ID,
      sub: ada.sub,
      email: "ada@example.com",
      email_verified: true,
      name: "Ada Lovelace",
      given_name: "Ada",
      family_name: "Lovelace",
    });
    expect(claims.nonce).toEqual(expect.any(String));
    expect(String(claims.picture)).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(tokens.token_type.toLowerCase()).toBe("bearer");

    const userinfo = await client.fetchUserInfo(config, tokens.access_token, ada.sub);
    expect(userinfo).toMatchObject({ sub: ada.sub, email: "ada@example.com", name: "Ada Lovelace" });
  });

  it("reports email_verified false for the unverified test account", async () => {
    const config = await discover();
    const mallory = TEST_ACCOUNTS.find((a) => !a.email_verified)!;
    const { claims } = await signIn(config, { account: mallory.sub });
    expect(claims).toMatchObject({ email: "mallory@example.com", email_verified: false });
  });

  it("creates a verified identity for a typed email (client_secret_post), stable across sign-ins", async () => {
    const config = await discover("post");
    const email = `user-${crypto.randomUUID()}@example.org`;
    const first = await signIn(config, { email, name: "Jane Q. Tester" });
    expect(first.claims).toMatchObject({
      email,
      email_verified: true,
      name: "Jane Q. Tester",
      given_name: "Jane",
      family_name: "Q. Tester",
    });
    expect(first.claims.sub).toMatch(/^\d{21}$/);
    const again = await signIn(config, { email: email.toUpperCase() });
    expect(again.claims.sub).toBe(first.claims.sub);
    expect(sandbox.accounts().some((a) => a.email === email)).toBe(true);
  });

  it("shows the chooser again in the same browser and signs in another account", async () => {
    const config = await discover();
    const browser = new Browser();
    const first = await signIn(config, { account: TEST_ACCOUNTS[0]!.sub }, browser);
    expect(browser.cookies.has("_session")).toBe(true);
    const second = await signIn(config, { account: TEST_ACCOUNTS[1]!.sub }, browser);
    expect(first.claims.email).toBe("ada@example.com");
    expect(second.claims.email).toBe("grace@example.com");
    const third = await signIn(config, { email: "third@example.net" }, browser);
    expect(third.claims.email).toBe("third@example.net");
  });

  it("returns error=access_denied with the state when the person cancels on the consent page", async () => {
    const config = await discover();
    const flow = await startFlow(config);
    const consent = await chooseAccount(flow, { account: TEST_ACCOUNTS[1]!.sub });
    const { url } = await flow.browser.submit(
      formAction(consent.html, consent.url, "/abort"),
      {},
      REDIRECT_URI,
    );
    const params = new URL(url).searchParams;
    expect(params.get("error")).toBe("access_denied");
    expect(params.get("state")).toBe(flow.state);
    expect(params.has("code")).toBe(false);
    await expect(
      client.authorizationCodeGrant(config, new URL(url), {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
      }),
    ).rejects.toMatchObject({ error: "access_denied" });
  });

  it("refuses a code exchanged with the wrong PKCE verifier", async () => {
    const config = await discover();
    const flow = await startFlow(config);
    const consent = await chooseAccount(flow, { account: TEST_ACCOUNTS[0]!.sub });
    const { url } = await flow.browser.submit(
      formAction(consent.html, consent.url, "/confirm"),
      {},
      REDIRECT_URI,
    );
    await expect(
      client.authorizationCodeGrant(config, new URL(url), {
        pkceCodeVerifier: client.randomPKCECodeVerifier(),
        expectedState: flow.state,
        expectedNonce: flow.nonce,
      }),
    ).rejects.toMatchObject({ error: "invalid_grant" });
  });

  it("refuses a code used twice", async () => {
    const config = await discover();
    const { flow, callback } = await signIn(config, { account: TEST_ACCOUNTS[0]!.sub });
    await expect(
      client.authorizationCodeGrant(config, new URL(callback), {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
      }),
    ).rejects.toMatchObject({ error: "invalid_grant" });
  });
});

describe("google sandbox pages", () => {
  it("shows an accessible account chooser with a strict CSP and a login_hint prefilled", async () => {
    const config = await discover();
    const flow = await startFlow(config, { login_hint: "someone@example.net" });
    const { html } = flow.page;
    expect(html).toContain("<h1>Choose an account</h1>");
    for (const account of TEST_ACCOUNTS) {
      expect(html).toContain(`<button type="submit" name="account" value="${account.sub}"`);
      expect(html).toContain(account.name);
    }
    expect(html).toContain("email not verified");
    expect(html).toMatch(/<label for="email">Email<\/label>\s*<input id="email" name="email" type="email"/);
    expect(html).toContain('value="someone@example.net"');
    expect(html).not.toContain("<script");
    const res = await flow.browser.request(flow.page.url);
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
  });

  it("re-shows the chooser with an error for an invalid typed email", async () => {
    const config = await discover();
    const flow = await startFlow(config);
    const res = await flow.browser.request(formAction(flow.page.html, flow.page.url, "/login"), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "email=not-an-email",
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('role="alert"');
    expect(html).toContain("Enter a valid email address.");
  });

  it("shows an error page (no redirect) for an unregistered redirect_uri", async () => {
    const config = await discover();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: "http://evil.example/cb",
      scope: "openid",
      state: "s",
    });
    const res = await new Browser().request(url.href);
    expect(res.status).toBe(400);
    expect(res.headers.get("location")).toBeNull();
    expect(await res.text()).toContain("redirect_uri");
  });
});
