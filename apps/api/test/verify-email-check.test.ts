import { authMessages } from "@recoup/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { oneTimeCodes, users } from "../src/db/schema/index.ts";
import {
  appForFile,
  codeFrom,
  STRONG_PASSWORD,
  signUp,
  uniqueEmail,
  verifyEmail,
  wrongCode,
} from "./kit/index.ts";

const t = appForFile();

const signup = (email: string) => signUp(t.call, { email, firstName: "Ada", lastName: "Lovelace" });
const verify = (email: string, code: string) =>
  verifyEmail(t.call, { email, code, password: STRONG_PASSWORD });

describe("checking a verification link", () => {
  const check = (email: string, code: string) =>
    t.call("POST", "/v1/auth/verify-email/check", { body: { email, code } });
  const open = async (email: string, code: string) => {
    const res = await check(email, code);
    expect(res.status).toBe(200);
    return res.json.data.open as boolean;
  };

  it("answers open for a pending account's code, as often as asked, without costing a guess", async () => {
    const email = uniqueEmail();
    await signup(email);
    const code = codeFrom(await t.mailbox.waitFor(email, /verification code/));
    for (let i = 0; i < 6; i++) expect(await open(email, code)).toBe(true);
    // Four wrong guesses and the checks above leave the fifth try to the link's holder.
    for (let i = 0; i < 4; i++) expect(await open(email, wrongCode(code))).toBe(false);
    expect(await open(email, code)).toBe(true);
    expect((await verify(email, code)).status).toBe(200);
  });

  it("counts a wrong code as a guess, so checking is no way around the five tries", async () => {
    const email = uniqueEmail();
    await signup(email);
    const code = codeFrom(await t.mailbox.waitFor(email, /verification code/));
    for (let i = 0; i < 5; i++) expect(await open(email, wrongCode(code))).toBe(false);
    expect(await open(email, code)).toBe(false);
    expect((await verify(email, code)).status).toBe(400);
  });

  it("answers closed alike for a verified address (its spent code), an unknown one and an expired code", async () => {
    const verified = uniqueEmail();
    await signup(verified);
    const spent = codeFrom(await t.mailbox.waitFor(verified, /verification code/));
    expect((await verify(verified, spent)).status).toBe(200);
    expect(await open(verified, spent)).toBe(false);
    expect(await open(uniqueEmail(), "123456")).toBe(false);

    const expired = uniqueEmail();
    await signup(expired);
    const code = codeFrom(await t.mailbox.waitFor(expired, /verification code/));
    const [user] = await t.ctx.db.select().from(users).where(eq(users.email, expired));
    await t.ctx.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeCodes.userId, user!.id));
    expect(await open(expired, code)).toBe(false);
  });

  it("validates the address and the code", async () => {
    const res = await check("nope", "12");
    expect(res.status).toBe(400);
    const messages = res.json.error.details.map((d: { message: string }) => d.message);
    expect(messages).toEqual(expect.arrayContaining([authMessages.invalidEmail, authMessages.codeSixDigits]));
  });
});
