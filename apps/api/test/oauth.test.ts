import { startGoogleSandbox, TEST_ACCOUNTS } from "@recoup/sandbox-google";
import { Browser, formAction } from "@recoup/sandbox-google/testing";
import { startQuickBooksSandbox } from "@recoup/sandbox-quickbooks";
import { afterAll, describe, expect, it } from "vitest";
import { appForFile, codeFrom, createTestApp, createUser, signUp, uniqueEmail } from "./kit/index.ts";

const APP = "http://localhost:3000";
const CLIENT = { client_id: "recoup-test", client_secret: "recoup-test-secret" };
let google: Awaited<ReturnType<typeof startGoogleSandbox>>;
let qb: Awaited<ReturnType<typeof startQuickBooksSandbox>>;

const t = appForFile(async () => {
  google = await startGoogleSandbox({
    port: 0,
    clients: [{ ...CLIENT, redirect_uris: [`${APP}/callback/google`] }],
  });
  qb = await startQuickBooksSandbox({
    port: 0,
    clients: [{ ...CLIENT, redirect_uris: [`${APP}/callback/intuit`] }],
  });
  return {
    GOOGLE_CLIENT_ID: CLIENT.client_id,
    GOOGLE_CLIENT_SECRET: CLIENT.client_secret,
    GOOGLE_ISSUER: google.issuer,
    INTUIT_CLIENT_ID: CLIENT.client_id,
    INTUIT_CLIENT_SECRET: CLIENT.client_secret,
    INTUIT_DISCOVERY_URL: qb.discoveryUrl,
  };
});
afterAll(async () => {
  await google?.close();
  await qb?.close();
});

/** The API's authorize redirect: provider URL and the cookie binding the round trip to this browser. */
async function begin(provider: "google" | "intuit") {
  const res = await t.call("GET", `/v1/auth/oauth/${provider}/authorize`);
  expect(res.status).toBe(302);
  const cookie = res.cookies.find((c) => c.name === "__Host-recoup_oauth")!;
  expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax" });
  return { location: new URL(res.headers.location as string), transaction: cookie.value };
}

/** A person on Google's pages: choose the account (or type an email), allow; returns the callback URL. */
async function googleConsent(location: URL, fields: Record<string, string>) {
  const browser = new Browser();
  const chooser = await browser.follow(location.href, `${APP}/callback/google`);
  const chooserHtml = await chooser.res.text();
  const consent = await browser.submit(
    formAction(chooserHtml, chooser.url, "/login"),
    fields,
    `${APP}/callback/google`,
  );
  const consentHtml = await consent.res.text();
  const back = await browser.submit(
    formAction(consentHtml, consent.url, "/confirm"),
    {},
    `${APP}/callback/google`,
  );
  return new URL(back.url);
}

const complete = (provider: string, transaction: string | undefined, callback: URL) =>
  t.call("POST", `/v1/auth/oauth/${provider}/callback`, {
    body: Object.fromEntries(callback.searchParams),
    cookies: transaction ? { "__Host-recoup_oauth": transaction } : {},
  });

describe("Sign in with Google", () => {
  it("sends the browser to Google with PKCE, state, nonce and the spec's scopes", async () => {
    const { location } = await begin("google");
    expect(location.origin).toBe(google.issuer);
    const q = location.searchParams;
    expect(q.get("scope")).toBe("openid email profile");
    expect(q.get("redirect_uri")).toBe(`${APP}/callback/google`);
    expect(q.get("code_challenge_method")).toBe("S256");
    expect(q.get("state")!.length).toBeGreaterThanOrEqual(32);
    expect(q.get("nonce")).toBeTruthy();
  });

  it("creates a user, signs them in, and finds the same user next time", async () => {
    const email = uniqueEmail("google");
    const first = await begin("google");
    const res = await complete(
      "google",
      first.transaction,
      await googleConsent(first.location, { email, name: "Gia Google" }),
    );
    expect(res.status).toBe(200);
    const { IdToken } = res.json.data;
    const details = await t.call("GET", "/v1/auth/user/details", { token: IdToken });
    expect(details.json.data).toMatchObject({ email, name: "Gia Google", isOnboarded: false });
    const again = await begin("google");
    const res2 = await complete("google", again.transaction, await googleConsent(again.location, { email }));
    const details2 = await t.call("GET", "/v1/auth/user/details", { token: res2.json.data.IdToken });
    expect(details2.json.data.userId).toBe(details.json.data.userId);
  });

  it("links to an existing password account when Google vouches for the email", async () => {
    const u = await createUser(t);
    const { location, transaction } = await begin("google");
    const res = await complete("google", transaction, await googleConsent(location, { email: u.email }));
    expect(res.status).toBe(200);
    const details = await t.call("GET", "/v1/auth/user/details", { token: res.json.data.IdToken });
    expect(details.json.data.email).toBe(u.email);
  });

  it("a password set before the address was proved stops working when Google proves it", async () => {
    const email = uniqueEmail("squat");
    await signUp(t.call, { firstName: "Eve", lastName: "Squatter", email, password: "Squatt3r!Pass" });
    const { location, transaction } = await begin("google");
    const res = await complete("google", transaction, await googleConsent(location, { email }));
    expect(res.status).toBe(200);
    expect(
      (await t.call("POST", "/v1/auth/login", { body: { email, password: "Squatt3r!Pass" } })).status,
    ).toBe(401);
  });

  it("never lets an unverified Google email keep or take over an account its owner has proved", async () => {
    const mallory = TEST_ACCOUNTS.find((a) => !a.email_verified)!;
    const first = await begin("google");
    const created = await complete(
      "google",
      first.transaction,
      await googleConsent(first.location, { account: mallory.sub }),
    );
    expect(created.status).toBe(200);
    await t.call("POST", "/v1/auth/forgot-password", { body: { email: mallory.email } });
    const code = codeFrom(await t.mailbox.waitFor(mallory.email, /password reset code/));
    const reset = await t.call("POST", "/v1/auth/reset-password", {
      body: {
        email: mallory.email,
        code,
        newPassword: "0wner&Proved1t",
      },
    });
    expect(reset.status).toBe(200);
    expect((await t.call("GET", "/v1/auth/user/details", { token: created.json.data.IdToken })).status).toBe(
      401,
    );
    const again = await begin("google");
    const res = await complete(
      "google",
      again.transaction,
      await googleConsent(again.location, { account: mallory.sub }),
    );
    expect(res.status).toBe(400);
  });

  it("refuses a missing or foreign transaction, a wrong state, and a replay", async () => {
    const a = await begin("google");
    const callback = await googleConsent(a.location, { email: uniqueEmail() });
    expect((await complete("google", undefined, callback)).status).toBe(400);
    const b = await begin("google");
    expect((await complete("google", b.transaction, callback)).status).toBe(400);
    const forged = new URL(callback);
    forged.searchParams.set("state", "forged-state");
    const c = await begin("google");
    expect((await complete("google", a.transaction, forged)).status).toBe(400);
    // The transaction was spent by the forged attempt: even the genuine callback is refused now.
    expect((await complete("google", a.transaction, callback)).status).toBe(400);
    expect(c.transaction).not.toBe(a.transaction);
  });
});

describe("Sign in with Intuit", () => {
  it("signs in through Intuit's consent page, reading the email from userinfo", async () => {
    const { location, transaction } = await begin("intuit");
    expect(location.searchParams.get("scope")).toBe("openid profile email phone address");
    const page = await fetch(location, { redirect: "manual" });
    const html = await page.text();
    const request = /name="request" value="([^"]+)"/.exec(html)![1]!;
    const email = uniqueEmail("intuit");
    const answer = await fetch(`${qb.baseUrl}/connect/oauth2`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ request, action: "allow", email }).toString(),
      redirect: "manual",
    });
    const callback = new URL(answer.headers.get("location")!);
    expect(callback.href.startsWith(`${APP}/callback/intuit`)).toBe(true);
    const res = await complete("intuit", transaction, callback);
    expect(res.status).toBe(200);
    const details = await t.call("GET", "/v1/auth/user/details", { token: res.json.data.IdToken });
    expect(details.json.data.email).toBe(email);
  });

  it("answers 404 for a provider that is not configured", async () => {
    const bare = await createTestApp();
    try {
      const res = await bare.call("GET", "/v1/auth/oauth/google/authorize");
      expect(res.status).toBe(404);
      expect(res.json.error.message).toMatch(/not configured/);
    } finally {
      await bare.close();
    }
  });
});
