import { authMessages } from "@recoup/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { oneTimeCodes, users } from "../src/db/schema/index.ts";
import {
  appForFile,
  codeFrom,
  createTestApp,
  createUser,
  STRONG_PASSWORD,
  signUp,
  sleep,
  uniqueEmail,
  verifyEmail,
  wrongCode,
} from "./kit/index.ts";

const t = appForFile();

const signup = (email: string, password = STRONG_PASSWORD) =>
  signUp(t.call, { email, password, firstName: "Ada", lastName: "Lovelace" });
const verify = (email: string, code: string, password = STRONG_PASSWORD) =>
  verifyEmail(t.call, { email, code, password });

describe("signup and verification", () => {
  it("validates with the spec's messages", async () => {
    const res = await t.call("POST", "/v1/auth/signup", {
      body: {
        firstName: "",
        lastName: "",
        email: "nope",
        password: "short",
      },
    });
    expect(res.status).toBe(400);
    const messages = res.json.error.details.map((d: { message: string }) => d.message);
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
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({
      code: "PASSWORD_TOO_COMMON",
      message: authMessages.passwordTooCommon,
    });
  });

  it("emails a link and a 6-digit code, stores the code hashed and the password as argon2id", async () => {
    const email = uniqueEmail();
    const res = await signup(email);
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ data: { message: authMessages.signupSuccess } });
    const mail = await t.mailbox.waitFor(email, /verification code/);
    const code = codeFrom(mail);
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
    const { email } = await createUser(t);
    const res = await signup(email);
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ data: { message: authMessages.signupSuccess } });
    await t.mailbox.waitFor(email, /already have a Recoup account/);
  });

  it("a second signup for an unverified address replaces the first one's password and name until verified", async () => {
    const email = uniqueEmail();
    await signUp(t.call, { firstName: "Mallory", lastName: "First", email, password: "Squatt3r!Pass" });
    await signUp(t.call, { firstName: "Owner", lastName: "Real", email });
    await expect.poll(async () => (await t.mailbox.to(email)).length, { timeout: 10_000 }).toBe(2);
    const newest = (await t.mailbox.to(email))[0]!;
    expect(newest.text).toContain("Hi Owner Real");
    expect((await verify(email, codeFrom(newest))).status).toBe(200);
    expect(
      (await t.call("POST", "/v1/auth/login", { body: { email, password: "Squatt3r!Pass" } })).status,
    ).toBe(401);
    expect(
      (await t.call("POST", "/v1/auth/login", { body: { email, password: STRONG_PASSWORD } })).status,
    ).toBe(200);
  });

  it("refuses login until verified, then verifies with the code (once)", async () => {
    const email = uniqueEmail();
    await signup(email);
    const code = codeFrom(await t.mailbox.waitFor(email, /verification code/));
    const early = await t.call("POST", "/v1/auth/login", { body: { email, password: STRONG_PASSWORD } });
    expect(early.status).toBe(403);
    expect(early.json.error).toEqual({
      code: "EMAIL_NOT_VERIFIED",
      message: authMessages.emailNotVerified,
    });
    expect((await verify(email, code)).status).toBe(200);
    expect((await verify(email, code)).status).toBe(400);
    const login = await t.call("POST", "/v1/auth/login", { body: { email, password: STRONG_PASSWORD } });
    expect(login.status).toBe(200);
    expect(Object.keys(login.json.data).sort()).toEqual(["AccessToken", "IdToken", "RefreshToken"]);
  });

  it("resend replaces the code: the old one stops working", async () => {
    const email = uniqueEmail();
    await signup(email);
    const first = codeFrom(await t.mailbox.waitFor(email, /verification code/));
    expect((await t.call("POST", "/v1/auth/resend-verification", { body: { email } })).status).toBe(200);
    await expect.poll(async () => (await t.mailbox.to(email)).length, { timeout: 10_000 }).toBe(2);
    const second = codeFrom((await t.mailbox.to(email))[0]!);
    if (first !== second) {
      expect((await verify(email, first)).status).toBe(400);
    }
    expect((await verify(email, second)).status).toBe(200);
  });

  it("refuses the sixth try even with the right code", async () => {
    const email = uniqueEmail();
    await signup(email);
    const code = codeFrom(await t.mailbox.waitFor(email, /verification code/));
    for (let i = 0; i < 5; i++) {
      const res = await verify(email, wrongCode(code));
      expect(res.json.error.code).toBe("INVALID_CODE");
    }
    const sixth = await verify(email, code);
    expect(sixth.status).toBe(400);
    expect(sixth.json.error.code).toBe("INVALID_CODE");
  });

  it("evaluates at most five guesses under 30 concurrent requests", async () => {
    const email = uniqueEmail();
    await signup(email);
    const code = codeFrom(await t.mailbox.waitFor(email, /verification code/));
    await Promise.all(Array.from({ length: 30 }, () => verify(email, wrongCode(code))));
    const [user] = await t.ctx.db.select().from(users).where(eq(users.email, email));
    const [row] = await t.ctx.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, user!.id));
    expect(row!.attempts).toBe(5);
    expect((await verify(email, code)).status).toBe(400);
  });

  it("refuses an expired code", async () => {
    const email = uniqueEmail();
    await signup(email);
    const code = codeFrom(await t.mailbox.waitFor(email, /verification code/));
    const [user] = await t.ctx.db.select().from(users).where(eq(users.email, email));
    await t.ctx.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeCodes.userId, user!.id));
    expect((await verify(email, code)).status).toBe(400);
  });
});

describe("login", () => {
  it("answers a wrong password and an unknown account the same way", async () => {
    const { email } = await createUser(t);
    const wrong = await t.call("POST", "/v1/auth/login", { body: { email, password: "Wrong#Pass123" } });
    const unknown = await t.call("POST", "/v1/auth/login", {
      body: { email: uniqueEmail(), password: "Wrong#Pass123" },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.text).toBe(unknown.text);
  });

  // Two API processes on one PostgreSQL: two apps on the same database, each with its own memory.
  it.runIf(inject("pgServerUrl"))(
    "counts a client's requests across API processes on one database",
    async () => {
      const first = await createTestApp({ RATE_LIMIT_PER_MINUTE: "4" });
      const second = await createTestApp({
        RATE_LIMIT_PER_MINUTE: "4",
        DATABASE_URL: first.ctx.config.databaseUrl!,
      });
      try {
        const codes = [];
        for (let i = 0; i < 6; i++)
          codes.push(
            (
              await [first, second][i % 2]!.call("POST", "/v1/auth/forgot-password", {
                body: { email: uniqueEmail() },
              })
            ).status,
          );
        expect(codes).toEqual([200, 200, 200, 200, 429, 429]);
      } finally {
        await second.close();
        await first.close();
      }
    },
  );

  it("requires both fields with the spec's message", async () => {
    const res = await t.call("POST", "/v1/auth/login", { body: { email: "", password: "" } });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe(authMessages.fillAllFields);
  });

  it("limits requests per client with a clear 429", async () => {
    const limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: "3" });
    try {
      const codes = [];
      for (let i = 0; i < 4; i++)
        codes.push(
          (await limited.call("POST", "/v1/auth/forgot-password", { body: { email: uniqueEmail() } })).status,
        );
      expect(codes).toEqual([200, 200, 200, 429]);
      const res = await limited.call("POST", "/v1/auth/forgot-password", { body: { email: uniqueEmail() } });
      expect(res.json.error).toEqual({ code: "RATE_LIMITED", message: authMessages.tooManyRequests });
    } finally {
      await limited.close();
    }
  });
});

describe("forgot and reset password", () => {
  it("answers the same for unknown addresses", async () => {
    const { email } = await createUser(t);
    const known = await t.call("POST", "/v1/auth/forgot-password", { body: { email } });
    const unknown = await t.call("POST", "/v1/auth/forgot-password", { body: { email: uniqueEmail() } });
    expect(known.status).toBe(200);
    expect(known.text).toBe(unknown.text);
  });

  it("resets with the emailed code, signs out every session and notifies", async () => {
    const u = await createUser(t);
    await t.call("POST", "/v1/auth/forgot-password", { body: { email: u.email } });
    const code = codeFrom(await t.mailbox.waitFor(u.email, /password reset code/));
    const newPassword = "N3w&Quiet-Harbor".replace("-", "x");
    const bad = await t.call("POST", "/v1/auth/reset-password", {
      body: {
        email: u.email,
        code: wrongCode(code),
        newPassword,
      },
    });
    expect(bad.json.error.code).toBe("INVALID_CODE");
    const res = await t.call("POST", "/v1/auth/reset-password", {
      body: { email: u.email, code, newPassword },
    });
    expect(res.status).toBe(200);
    expect(res.json.data.message).toBe(authMessages.resetSuccess);
    expect((await t.call("GET", "/v1/auth/user/details", { token: u.token })).status).toBe(401);
    expect(
      (await t.call("POST", "/v1/auth/login", { body: { email: u.email, password: STRONG_PASSWORD } }))
        .status,
    ).toBe(401);
    expect(
      (await t.call("POST", "/v1/auth/login", { body: { email: u.email, password: newPassword } })).status,
    ).toBe(200);
    await t.mailbox.waitFor(u.email, /password was changed/);
    // The code is single use.
    expect(
      (await t.call("POST", "/v1/auth/reset-password", { body: { email: u.email, code, newPassword } }))
        .status,
    ).toBe(400);
  });

  it("sends at most 5 codes an hour, answering the same for the sixth request", async () => {
    const { email } = await createUser(t);
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push((await t.call("POST", "/v1/auth/forgot-password", { body: { email } })).text);
    const unknown = (await t.call("POST", "/v1/auth/forgot-password", { body: { email: uniqueEmail() } }))
      .text;
    expect(new Set([...answers, unknown])).toEqual(new Set([unknown]));
    await expect
      .poll(
        async () => (await t.mailbox.to(email)).filter((m) => /password reset code/.test(m.subject)).length,
        {
          timeout: 15_000,
        },
      )
      .toBe(5);
    await sleep(1500);
    expect((await t.mailbox.to(email)).filter((m) => /password reset code/.test(m.subject))).toHaveLength(5);
  });

  it("a verification code does not reset a password", async () => {
    const email = uniqueEmail();
    await signup(email);
    const code = codeFrom(await t.mailbox.waitFor(email, /verification code/));
    const res = await t.call("POST", "/v1/auth/reset-password", {
      body: { email, code, newPassword: "N3w&QuietHarbor" },
    });
    expect(res.status).toBe(400);
  });

  it("validates the reset step with the spec's messages", async () => {
    const res = await t.call("POST", "/v1/auth/reset-password", {
      body: { email: "", code: "12", newPassword: "" },
    });
    const messages = res.json.error.details.map((d: { message: string }) => d.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        authMessages.emailRequired,
        authMessages.codeSixDigits,
        authMessages.newPasswordRequired,
      ]),
    );
  });
});
