import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { authMessages } from "@recoup/contracts";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { users } from "../src/db/schema/index.ts";
import {
  appForFile,
  codeFrom,
  cookieOf,
  createUser,
  type Method,
  STRONG_PASSWORD,
  signUp,
  sleep,
  uniqueEmail,
  verifyEmail,
} from "./kit/index.ts";

let dist: string;
const t = appForFile(() => {
  dist = mkdtempSync(path.join(tmpdir(), "recoup-dist-"));
  mkdirSync(path.join(dist, "assets"));
  writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>Recoup</title><div id=root></div>");
  writeFileSync(path.join(dist, "assets", "app-123.js"), "console.log(1)");
  return { WEB_DIST_DIR: dist };
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const VICTIM_PASSWORD = STRONG_PASSWORD;
const ATTACKER_PASSWORD = "Squatt3r!Pass";
const REFRESH_COOKIE = "__Host-recoup_rt";

const signup = (email: string, password: string, firstName = "Ada") =>
  signUp(t.call, { firstName, lastName: "Lovelace", email, password });
const verify = (email: string, code: string, body: { password?: string; newPassword?: string }) =>
  verifyEmail(t.call, { email, code, ...body });
const login = (email: string, password: string, cookies: Record<string, string> = {}) =>
  t.call("POST", "/v1/auth/login", { body: { email, password }, cookies });

/** Waits for the `count`th verification email to `email`; returns the newest. */
async function verificationMail(email: string, count: number) {
  const newest = await t.mailbox.waitFor(email, /verification code/, { count });
  expect((await t.mailbox.to(email)).filter((m) => /verification code/.test(m.subject))).toHaveLength(count);
  return newest;
}

describe("1. a pending account belongs to whoever holds the code", () => {
  it("a second signup over a pending address cannot take it over: the code holder keeps their own password", async () => {
    const email = uniqueEmail("victim");
    expect((await signup(email, VICTIM_PASSWORD)).status).toBe(201);
    expect((await signup(email, ATTACKER_PASSWORD, "Mallory")).status).toBe(201);
    const code = codeFrom(await verificationMail(email, 2));

    // The victim verifies with the password they chose: it is not the account's current one.
    const keep = await verify(email, code, { password: VICTIM_PASSWORD });
    expect(keep.status).toBe(409);
    expect(keep.json.error).toEqual({
      code: "PASSWORD_MISMATCH",
      message: authMessages.passwordMismatch,
    });
    // Nothing is confirmed yet: the attacker's password still cannot sign in.
    expect((await login(email, ATTACKER_PASSWORD)).status).toBe(403);

    // The code stayed open: its holder sets their own password, as in a reset, and is signed in.
    const chosen = await verify(email, code, { newPassword: VICTIM_PASSWORD });
    expect(chosen.status).toBe(200);
    expect(Object.keys(chosen.json.data).sort()).toEqual(["AccessToken", "IdToken", "RefreshToken"]);
    expect((await login(email, ATTACKER_PASSWORD)).status).toBe(401);
    expect((await login(email, VICTIM_PASSWORD)).status).toBe(200);
  });

  it("silent variant: with the hourly code budget spent, a later signup sends nothing and still cannot take over", async () => {
    const email = uniqueEmail("victim");
    await signup(email, VICTIM_PASSWORD);
    // The attacker spends the budget (5 codes an hour), every code landing in the victim's inbox.
    for (let i = 0; i < 4; i++) await t.call("POST", "/v1/auth/resend-verification", { body: { email } });
    const newest = await verificationMail(email, 5);
    expect((await signup(email, ATTACKER_PASSWORD, "Mallory")).status).toBe(201);
    await sleep(1500);
    expect((await t.mailbox.to(email)).length).toBe(5);

    // The victim's own newest code does not confirm the attacker's password.
    const keep = await verify(email, codeFrom(newest), { password: VICTIM_PASSWORD });
    expect(keep.status).toBe(409);
    expect((await verify(email, codeFrom(newest), { newPassword: VICTIM_PASSWORD })).status).toBe(200);
    expect((await login(email, ATTACKER_PASSWORD)).status).toBe(401);
    expect((await login(email, VICTIM_PASSWORD)).status).toBe(200);
  });

  it("verifying with the account's current password keeps it; a wrong one or a refused new one costs nothing", async () => {
    const email = uniqueEmail("owner");
    await signup(email, VICTIM_PASSWORD);
    const code = codeFrom(await verificationMail(email, 1));
    expect((await verify(email, code, {})).status).toBe(400);
    const common = await verify(email, code, { newPassword: "Password1!" });
    expect(common.json.error.code).toBe("PASSWORD_TOO_COMMON");
    expect((await verify(email, code, { password: "Not-the-1-password" })).status).toBe(409);
    const res = await verify(email, code, { password: VICTIM_PASSWORD });
    expect(res.status).toBe(200);
    expect(cookieOf(res, REFRESH_COOKIE)?.value).toBe(res.json.data.RefreshToken);
    expect((await t.call("GET", "/v1/auth/user/details", { token: res.json.data.IdToken })).status).toBe(200);
    // Single use, and a verified account is never verified (or re-passworded) again.
    expect((await verify(email, code, { newPassword: "An0ther&Secret" })).status).toBe(400);
    expect((await login(email, VICTIM_PASSWORD)).status).toBe(200);
  });
});

describe("2. renewal through x-new-* headers", () => {
  /** A valid id token of the user's session with two minutes left. */
  async function nearExpiry(token: string) {
    const claims = (await t.ctx.tokens.verify(token))!;
    const { SignJWT } = await import("jose");
    const { createHash } = await import("node:crypto");
    const key = createHash("sha256").update(`recoup-jwt:${t.ctx.config.jwtSecret}`).digest();
    return new SignJWT({ token_use: "id", sid: claims.sessionId })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(claims.userId)
      .setIssuer(t.ctx.config.appUrl)
      .setAudience("recoup")
      .setIssuedAt()
      .setExpirationTime("2m")
      .sign(key);
  }
  const details = (token: string, cookies: Record<string, string> = {}) =>
    t.call("GET", "/v1/auth/user/details", { token, cookies });

  it("a bearer token alone never renews itself: no fresh tokens without the refresh cookie", async () => {
    const u = await createUser(t);
    const res = await details(await nearExpiry(u.token));
    expect(res.status).toBe(200);
    expect(res.headers["x-new-id-token"]).toBeUndefined();
    expect(res.headers["x-new-access-token"]).toBeUndefined();
  });

  it("renews only with the session's own live refresh cookie", async () => {
    const u = await createUser(t);
    const other = await createUser(t);
    const soon = await nearExpiry(u.token);
    expect(
      (await details(soon, { [REFRESH_COOKIE]: other.tokens.RefreshToken })).headers["x-new-id-token"],
    ).toBe(undefined);
    const renewed = await details(soon, { [REFRESH_COOKIE]: u.tokens.RefreshToken });
    expect(renewed.headers["x-new-id-token"]).toBeTruthy();
    expect(renewed.headers["x-new-access-token"]).toBeTruthy();
    // Once rotated, the old cookie renews nothing.
    const rotated = await t.call("POST", "/v1/auth/refresh", {
      body: { RefreshToken: u.tokens.RefreshToken },
    });
    expect(rotated.status).toBe(200);
    expect((await details(soon, { [REFRESH_COOKIE]: u.tokens.RefreshToken })).headers["x-new-id-token"]).toBe(
      undefined,
    );
    expect(
      (await details(soon, { [REFRESH_COOKIE]: rotated.json.data.RefreshToken })).headers["x-new-id-token"],
    ).toBeTruthy();
  });
});

describe("3. resend-verification and forgot-password answer every address by the same path", () => {
  /** What one call queued: job names, payload keys and options (the address aside). */
  async function queuedBy(url: string, email: string) {
    const send = vi.spyOn(t.ctx.queue, "send");
    try {
      const res = await t.call("POST", url, { body: { email } });
      expect(res.status).toBe(200);
      return {
        body: res.text,
        jobs: send.mock.calls.map(([name, data, opts]) => [name, Object.keys(data), opts]),
      };
    } finally {
      send.mockRestore();
    }
  }

  // Background jobs of earlier calls must not queue anything while a call is watched: the calls
  // whose jobs send an email come last, and their email is awaited.
  it("resend-verification queues the same job for a pending account, a verified one and an unknown address", async () => {
    const pending = uniqueEmail("pending");
    await signup(pending, VICTIM_PASSWORD);
    await verificationMail(pending, 1);
    const verified = (await createUser(t)).email;
    const answers = [];
    for (const email of [verified, uniqueEmail("nobody"), pending]) {
      answers.push(await queuedBy("/v1/auth/resend-verification", email));
    }
    expect(answers[0]!.jobs).toHaveLength(1);
    for (const a of answers) expect(a).toEqual(answers[0]);
    // The work still happens, off the request.
    await verificationMail(pending, 2);
  });

  it("forgot-password queues the same job for an unknown address and an account", async () => {
    const { email } = await createUser(t);
    const unknown = await queuedBy("/v1/auth/forgot-password", uniqueEmail("nobody"));
    const known = await queuedBy("/v1/auth/forgot-password", email);
    expect(known.jobs).toHaveLength(1);
    expect(unknown).toEqual(known);
    await t.mailbox.waitFor(email, /password reset code/);
  });
});

describe("4. small ones", () => {
  it("a NUL byte in an email (or a name) answers 400, not 500", async () => {
    const email = "nul\u0000@example.com";
    const calls: [string, unknown][] = [
      ["/v1/auth/login", { email, password: STRONG_PASSWORD }],
      ["/v1/auth/signup", { firstName: "A", lastName: "B", email, password: STRONG_PASSWORD }],
      [
        "/v1/auth/signup",
        { firstName: "A\u0000", lastName: "B", email: uniqueEmail(), password: STRONG_PASSWORD },
      ],
      ["/v1/auth/forgot-password", { email }],
      ["/v1/auth/resend-verification", { email }],
      ["/v1/auth/verify-email", { email, code: "123456", password: STRONG_PASSWORD }],
      ["/v1/auth/reset-password", { email, code: "123456", newPassword: STRONG_PASSWORD }],
    ];
    for (const [url, body] of calls) {
      const res = await t.call("POST", url, { body });
      expect([url, res.status]).toEqual([url, 400]);
    }
  });

  it("look-alike emails are one account: full-width forms fold (NFKC), control characters are refused", async () => {
    const u = await createUser(t);
    const [local, domain] = u.email.split("@") as [string, string];
    const wide = (text: string) =>
      text.replace(/[a-z0-9]/g, (c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0));
    const lookAlike = `${wide(local)}@${domain}`;
    expect((await signup(lookAlike, "An0ther&Secret")).status).toBe(201);
    await t.mailbox.waitFor(u.email, /already have a Recoup account/);
    expect(await t.ctx.db.select().from(users).where(eq(users.email, lookAlike))).toEqual([]);
    expect((await login(`${wide(local)}＠${domain}`, STRONG_PASSWORD)).status).toBe(200);
    for (const control of ["\u202e", "\u2066", "\u200b", "\u0007"]) {
      const res = await signup(`${local}${control}@${domain}`, STRONG_PASSWORD);
      expect(res.status).toBe(400);
      expect(res.json.error.message).toBe(authMessages.invalidEmail);
    }
  });

  it("serves index.html (and every other non-hashed file) with no-cache", async () => {
    for (const url of ["/", "/index.html", "/login", "/customers/abc?x=1"]) {
      const res = await t.call("GET", url);
      expect([url, res.status, res.headers["cache-control"]]).toEqual([url, 200, "no-cache"]);
    }
    expect((await t.call("GET", "/assets/app-123.js")).headers["cache-control"]).toBe(
      "public, max-age=31536000, immutable",
    );
  });

  it("business routes authenticate before they validate: anonymous callers get 401, never 400", async () => {
    const res = await t.call("POST", "/v1/business/onboard/onboard-user", { body: { company_name: "" } });
    expect(res.status).toBe(401);
    // Every documented route that takes a bearer token, and every business route, answers the same.
    const doc = (await t.call("GET", "/openapi.json")).json as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    const guarded = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.security?.length || p.startsWith("/v1/business/"))
        .map(([method, _]) => [method.toUpperCase(), p.replace(/\{[^}]+\}/g, "x")] as const),
    );
    expect(guarded.length).toBeGreaterThan(10);
    for (const [method, url] of guarded) {
      const anonymous = await t.call(
        method as Method,
        `${url}?email=not-an-email&companyId=`,
        method === "GET" || method === "DELETE" ? {} : { body: { unexpected: true } },
      );
      expect([method, url, anonymous.status]).toEqual([method, url, 401]);
    }
  });
});
