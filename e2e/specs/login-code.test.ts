import { codeFrom, createCompany, wrongCode } from "@recoup/api/testing";
import { apiPaths, cookieNames, loginCodeSentMessage } from "@recoup/contracts";
import { describe, expect, it } from "vitest";
import { appUrl, chromiumForFile, expectPath, field, newContext, stack, submitLogin } from "../browser.ts";
import { captureOnFailure, expectTitle, visible, webTexts } from "./flows-helpers.ts";

const browser = chromiumForFile();
const LOGIN_CODE_SUBJECT = /login code/i;

/** Wrong passwords from outside any browser (no device cookie), as a guesser would send them. */
async function guess(email: string, times: number) {
  for (let i = 0; i < times; i++) {
    await fetch(`${appUrl()}${apiPaths.auth.login}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: `Wrong#Guess${i}` }),
    });
  }
}

describe("an account under attack, from a new browser", () => {
  it("asks for the code emailed to the account after the right password, and the code logs in", async () => {
    const user = await createCompany(stack(), { label: "login-code" });
    await guess(user.email, 5);
    const { context, page, problems } = await newContext(browser());
    captureOnFailure(page, "login-code");
    context.setDefaultTimeout(20_000);

    await page.goto("/login");
    await submitLogin(page, user.email, user.password);
    await visible(page.getByRole("heading", { name: "Check your email" }));
    await visible(page.getByText(loginCodeSentMessage(user.email), { exact: true }));
    await stack().mailbox.waitFor(user.email, LOGIN_CODE_SUBJECT, { count: 1 });
    // 'Back to login' returns to the form; logging in again sends a new code, the one that counts.
    await page.getByRole("button", { name: "Back to login" }).click();
    await visible(page.getByRole("heading", { name: "Welcome back" }));
    await submitLogin(page, user.email, user.password);
    await visible(page.getByRole("heading", { name: "Check your email" }));
    await expectPath(page, "/login");
    const mail = await stack().mailbox.waitFor(user.email, LOGIN_CODE_SUBJECT, { count: 2 });

    // The field's own check, then a wrong code (refused by the server), then the right one.
    const login = page.getByRole("button", { name: "Login", exact: true });
    await login.click();
    await visible(page.getByText("Verification code is required", { exact: true }));
    const code = codeFrom(mail);
    await field(page, "Verification Code").fill(wrongCode(code));
    await login.click();
    await visible(page.getByText(webTexts.invalidCode, { exact: true }));
    await field(page, "Verification Code").fill(code);
    await login.click();
    await expectPath(page, "/dashboard");
    await expectTitle(page, "Dashboard");

    // This browser is known now: it keeps a device cookie, so its next login needs no code.
    const device = (await context.cookies()).find((c) => c.name === cookieNames.device);
    expect(device).toMatchObject({ httpOnly: true, secure: true, sameSite: "Strict" });
    expect(problems).toEqual([]);
    await context.close();
  });
});
