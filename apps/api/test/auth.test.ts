import { authMessages } from "@recoup/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oneTimeCodes, users } from "../src/db/schema/index.ts";
import {
  client,
  createTestApp,
  STRONG_PASSWORD,
  signedInUser,
  type TestApp,
  uniqueEmail,
} from "./harness.ts";

let t: TestApp;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  t = await createTestApp();
  api = client(t.app);
});
afterAll(() => t?.close());

const signup = (email: string, password = STRONG_PASSWORD) =>
  api.post("/v1/auth/signup", { firstName: "Ada", lastName: "Lovelace", email, password });
const verify = (email: string, code: string, password = STRONG_PASSWORD) =>
  api.post("/v1/auth/verify-email", { email, code, password });
const codeFrom = (subject: string) => /(\d{6})/.exec(subject)![1]!;
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("signup and verification", () => {
  it("validates with the spec's messages", async () => {
    const res = await api.post("/v1/auth/signup", {
      firstName: "",
      lastName: "",
      email: "nope",
      password: "short",
    });
    expect(res.statusCode).toBe(400);
    const messages = res.json().error.details.map((d: { message: string }) => d.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        authMessages.firstNameRequired,
        authMessages.lastNameRequired,
        authMessages.invalidEmail,
        authMessages.passwordRule,
      ]),
    );
  });

  it("refuses a common password", async () => {
    const res = await signup(uniqueEmail(), "Password1!");
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: "PASSWORD_TOO_COMMON",
      message: authMessages.passwordTooCommon,
    });
  });

  it("emails a link and a 6-digit code, stores the code hashed and the password as argon2id", async () => {
    const email = uniqueEmail();
    const res = await signup(email);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ data: { message: authMessages.signupSuccess } });
    const mail = await t.waitForMail(email, /verification code/);
    const code = codeFrom(mail.subject);
    expect(mail.text).toContain(`/login?verifyEmail=${encodeURIComponent(email)}&code=${code}`);
    expect(mail.html).toContain(code);
    const [user] = await t.ctx.db.select().from(users).where(eq(users.email, email));
    const params = /^\$argon2id\$v=19\$([^$]+)\$/.exec(user!.passwordHash!)![1]!;
    expect(Object.fromEntries(params.split(",").map((kv) => kv.split("=")))).toEqual({
      m: "19456",
      t: "2",
      p: "1",
    });
    const codes = await t.ctx.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, user!.id));
    expect(codes).toHaveLength(1);
    expect(codes[0]!.codeHash).not.toContain(code);
  });

  it("answers an existing address exactly like a new one, and tells its owner", async () => {
    const { email } = await signedInUser(t);
    const res = await signup(email);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ data: { message: authMessages.signupSuccess } });
    await t.waitForMail(email, /already have a Recoup account/);
  });

  it("a second signup for an unverified address replaces the first one's password and name until verified", async () => {
    const email = uniqueEmail();
    await api.post("/v1/auth/signup", {
      firstName: "Mallory",
      lastName: "First",
      email,
      password: "Squatt3r!Pass",
    });
    await api.post("/v1/auth/signup", {
      firstName: "Owner",
      lastName: "Real",
      email,
      password: STRONG_PASSWORD,
    });
    await expect.poll(async () => (await t.mailTo(email)).length, { timeout: 10_000 }).toBe(2);
    const newest = (await t.mailTo(email))[0]!;
    expect(newest.text).toContain("Hi Owner Real");
    expect((await verify(email, codeFrom(newest.subject))).statusCode).toBe(200);
    expect((await api.post("/v1/auth/login", { email, password: "Squatt3r!Pass" })).statusCode).toBe(401);
    expect((await api.post("/v1/auth/login", { email, password: STRONG_PASSWORD })).statusCode).toBe(200);
  });

  it("refuses login until verified, then verifies with the code (once)", async () => {
    const email = uniqueEmail();
    await signup(email);
    const code = codeFrom((await t.waitForMail(email, /verification code/)).subject);
    const early = await api.post("/v1/auth/login", { email, password: STRONG_PASSWORD });
    expect(early.statusCode).toBe(403);
    expect(early.json().error).toEqual({
      code: "EMAIL_NOT_VERIFIED",
      message: authMessages.emailNotVerified,
    });
    expect((await verify(email, code)).statusCode).toBe(200);
    expect((await verify(email, code)).statusCode).toBe(400);
    const login = await api.post("/v1/auth/login", { email, password: STRONG_PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(Object.keys(login.json().data).sort()).toEqual(["AccessToken", "IdToken", "RefreshToken"]);
  });

  it("resend replaces the code: the old one stops working", async () => {
    const email = uniqueEmail();
    await signup(email);
    const first = codeFrom((await t.waitForMail(email, /verification code/)).subject);
    expect((await api.post("/v1/auth/resend-verification", { email })).statusCode).toBe(200);
    await expect.poll(async () => (await t.mailTo(email)).length, { timeout: 10_000 }).toBe(2);
    const second = codeFrom((await t.mailTo(email))[0]!.subject);
    if (first !== second) {
      expect((await verify(email, first)).statusCode).toBe(400);
    }
    expect((await verify(email, second)).statusCode).toBe(200);
  });

  it("refuses the sixth try even with the right code", async () => {
    const email = uniqueEmail();
    await signup(email);
    const code = codeFrom((await t.waitForMail(email, /verification code/)).subject);
    for (let i = 0; i < 5; i++) {
      const res = await verify(email, wrongCode(code));
      expect(res.json().error.code).toBe("INVALID_CODE");
    }
    const sixth = await verify(email, code);
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().error.code).toBe("INVALID_CODE");
  });

  it("evaluates at most five guesses under 30 concurrent requests", async () => {
    const email = uniqueEmail();
    await signup(email);
    const code = codeFrom((await t.waitForMail(email, /verification code/)).subject);
    await Promise.all(Array.from({ length: 30 }, () => verify(email, wrongCode(code))));
    const [user] = await t.ctx.db.select().from(users).where(eq(users.email, email));
    const [row] = await t.ctx.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, user!.id));
    expect(row!.attempts).toBe(5);
    expect((await verify(email, code)).statusCode).toBe(400);
  });

  it("refuses an expired code", async () => {
    const email = uniqueEmail();
    await signup(email);
    const code = codeFrom((await t.waitForMail(email, /verification code/)).subject);
    const [user] = await t.ctx.db.select().from(users).where(eq(users.email, email));
    await t.ctx.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeCodes.userId, user!.id));
    expect((await verify(email, code)).statusCode).toBe(400);
  });
});

describe("login", () => {
  it("answers a wrong password and an unknown account the same way", async () => {
    const { email } = await signedInUser(t);
    const wrong = await api.post("/v1/auth/login", { email, password: "Wrong#Pass123" });
    const unknown = await api.post("/v1/auth/login", { email: uniqueEmail(), password: "Wrong#Pass123" });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
  });

  it("requires both fields with the spec's message", async () => {
    const res = await api.post("/v1/auth/login", { email: "", password: "" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(authMessages.fillAllFields);
  });

  it("limits requests per client with a clear 429", async () => {
    const limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: "3" });
    try {
      const c = client(limited.app);
      const codes = [];
      for (let i = 0; i < 4; i++)
        codes.push((await c.post("/v1/auth/forgot-password", { email: uniqueEmail() })).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
      const res = await c.post("/v1/auth/forgot-password", { email: uniqueEmail() });
      expect(res.json().error).toEqual({ code: "RATE_LIMITED", message: authMessages.tooManyRequests });
    } finally {
      await limited.close();
    }
  });
});

describe("forgot and reset password", () => {
  it("answers the same for unknown addresses", async () => {
    const { email } = await signedInUser(t);
    const known = await api.post("/v1/auth/forgot-password", { email });
    const unknown = await api.post("/v1/auth/forgot-password", { email: uniqueEmail() });
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
  });

  it("resets with the emailed code, signs out every session and notifies", async () => {
    const u = await signedInUser(t);
    await api.post("/v1/auth/forgot-password", { email: u.email });
    const code = codeFrom((await t.waitForMail(u.email, /password reset code/)).subject);
    const newPassword = "N3w&Quiet-Harbor".replace("-", "x");
    const bad = await api.post("/v1/auth/reset-password", {
      email: u.email,
      code: wrongCode(code),
      newPassword,
    });
    expect(bad.json().error.code).toBe("INVALID_CODE");
    const res = await api.post("/v1/auth/reset-password", { email: u.email, code, newPassword });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.message).toBe(authMessages.resetSuccess);
    expect((await api.get("/v1/auth/user/details", u.token)).statusCode).toBe(401);
    expect((await api.post("/v1/auth/login", { email: u.email, password: STRONG_PASSWORD })).statusCode).toBe(
      401,
    );
    expect((await api.post("/v1/auth/login", { email: u.email, password: newPassword })).statusCode).toBe(
      200,
    );
    await t.waitForMail(u.email, /password was changed/);
    // The code is single use.
    expect(
      (await api.post("/v1/auth/reset-password", { email: u.email, code, newPassword })).statusCode,
    ).toBe(400);
  });

  it("sends at most 5 codes an hour, answering the same for the sixth request", async () => {
    const { email } = await signedInUser(t);
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await api.post("/v1/auth/forgot-password", { email })).body);
    const unknown = (await api.post("/v1/auth/forgot-password", { email: uniqueEmail() })).body;
    expect(new Set([...answers, unknown])).toEqual(new Set([unknown]));
    await expect
      .poll(async () => (await t.mailTo(email)).filter((m) => /password reset code/.test(m.subject)).length, {
        timeout: 15_000,
      })
      .toBe(5);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await t.mailTo(email)).filter((m) => /password reset code/.test(m.subject))).toHaveLength(5);
  });

  it("a verification code does not reset a password", async () => {
    const email = uniqueEmail();
    await signup(email);
    const code = codeFrom((await t.waitForMail(email, /verification code/)).subject);
    const res = await api.post("/v1/auth/reset-password", { email, code, newPassword: "N3w&QuietHarbor" });
    expect(res.statusCode).toBe(400);
  });

  it("validates the reset step with the spec's messages", async () => {
    const res = await api.post("/v1/auth/reset-password", { email: "", code: "12", newPassword: "" });
    const messages = res.json().error.details.map((d: { message: string }) => d.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        authMessages.emailRequired,
        authMessages.codeSixDigits,
        authMessages.newPasswordRequired,
      ]),
    );
  });
});
