import { authMessages } from "@recoup/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oneTimeCodes, users } from "../src/db/schema/index.ts";
import { client, createTestApp, STRONG_PASSWORD, type TestApp, uniqueEmail } from "./harness.ts";

let t: TestApp;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  t = await createTestApp();
  api = client(t.app);
});
afterAll(() => t?.close());

const signup = (email: string) =>
  api.post("/v1/auth/signup", { firstName: "Ada", lastName: "Lovelace", email, password: STRONG_PASSWORD });
const verify = (email: string, code: string) =>
  api.post("/v1/auth/verify-email", { email, code, password: STRONG_PASSWORD });
const codeFrom = (subject: string) => /(\d{6})/.exec(subject)![1]!;
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("checking a verification link", () => {
  const check = (email: string, code: string) => api.post("/v1/auth/verify-email/check", { email, code });
  const open = async (email: string, code: string) => {
    const res = await check(email, code);
    expect(res.statusCode).toBe(200);
    return res.json().data.open as boolean;
  };

  it("answers open for a pending account's code, as often as asked, without costing a guess", async () => {
    const email = uniqueEmail();
    await signup(email);
    const code = codeFrom((await t.waitForMail(email, /verification code/)).subject);
    for (let i = 0; i < 6; i++) expect(await open(email, code)).toBe(true);
    // Four wrong guesses and the checks above leave the fifth try to the link's holder.
    for (let i = 0; i < 4; i++) expect(await open(email, wrongCode(code))).toBe(false);
    expect(await open(email, code)).toBe(true);
    expect((await verify(email, code)).statusCode).toBe(200);
  });

  it("counts a wrong code as a guess, so checking is no way around the five tries", async () => {
    const email = uniqueEmail();
    await signup(email);
    const code = codeFrom((await t.waitForMail(email, /verification code/)).subject);
    for (let i = 0; i < 5; i++) expect(await open(email, wrongCode(code))).toBe(false);
    expect(await open(email, code)).toBe(false);
    expect((await verify(email, code)).statusCode).toBe(400);
  });

  it("answers closed alike for a verified address (its spent code), an unknown one and an expired code", async () => {
    const verified = uniqueEmail();
    await signup(verified);
    const spent = codeFrom((await t.waitForMail(verified, /verification code/)).subject);
    expect((await verify(verified, spent)).statusCode).toBe(200);
    expect(await open(verified, spent)).toBe(false);
    expect(await open(uniqueEmail(), "123456")).toBe(false);

    const expired = uniqueEmail();
    await signup(expired);
    const code = codeFrom((await t.waitForMail(expired, /verification code/)).subject);
    const [user] = await t.ctx.db.select().from(users).where(eq(users.email, expired));
    await t.ctx.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeCodes.userId, user!.id));
    expect(await open(expired, code)).toBe(false);
  });

  it("validates the address and the code", async () => {
    const res = await check("nope", "12");
    expect(res.statusCode).toBe(400);
    const messages = res.json().error.details.map((d: { message: string }) => d.message);
    expect(messages).toEqual(expect.arrayContaining([authMessages.invalidEmail, authMessages.codeSixDigits]));
  });
});
