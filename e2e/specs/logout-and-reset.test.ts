import { codeFrom, createCompany, createUser, wrongCode } from "@recoup/api/testing";
import { apiPaths, authMessages, cookieNames } from "@recoup/contracts";
import type { BrowserContext } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  appUrl,
  chromiumForFile,
  expectPath,
  field,
  logIn,
  newContext,
  stack,
  submitLogin,
} from "../browser.ts";
import {
  CHANGED_SUBJECT,
  captureOnFailure,
  cookieMap,
  expectTitle,
  RESET_SUBJECT,
  toast,
  userMenuButton,
  visible,
  webTexts,
} from "./flows-helpers.ts";

const browser = chromiumForFile();

/**
 * After log out only the device cookie is left: HttpOnly, no credential, it keeps this browser
 * known to the account so that guessing from elsewhere never locks its owner out (decision 0002).
 */
async function expectOnlyDeviceCookie(context: BrowserContext) {
  const left = await context.cookies();
  expect(left.map((c) => c.name)).toEqual([cookieNames.device]);
  expect(left[0]).toMatchObject({ secure: true, sameSite: "Strict", httpOnly: true, path: "/" });
}

describe("session cookies and log out", () => {
  it("keeps the refresh token away from script, and log out clears the session everywhere", async () => {
    const user = await createCompany(stack(), { label: "logout" });
    const { context, page, problems } = await newContext(browser());
    captureOnFailure(page, "logout-and-reset-1");
    context.setDefaultTimeout(20_000);
    await logIn(page, user);
    await expectTitle(page, "Dashboard");

    // Signed in: the script-visible tokens are Secure and SameSite=Strict; the refresh token is HttpOnly.
    const cookies = await cookieMap(context);
    for (const name of [cookieNames.idToken, cookieNames.accessToken, cookieNames.user]) {
      const cookie = cookies.get(name);
      expect(cookie, name).toBeDefined();
      expect(cookie).toMatchObject({ secure: true, sameSite: "Strict", httpOnly: false, path: "/" });
    }
    const refresh = cookies.get(cookieNames.refreshToken);
    expect(refresh).toMatchObject({ secure: true, sameSite: "Strict", httpOnly: true, path: "/" });
    const visibleToScript = await page.evaluate(() => document.cookie);
    expect(visibleToScript).toContain(`${cookieNames.idToken}=`);
    expect(visibleToScript).not.toContain(cookieNames.refreshToken);
    expect(visibleToScript).not.toContain(refresh!.value);
    expect(await page.evaluate(() => localStorage.getItem("isOnboarded"))).toBe("true");

    // Dashboard, then Account (a history entry to go back to), then log out from the user menu.
    const menu = userMenuButton(page, user.email);
    await menu.click();
    await page.getByRole("menuitem", { name: "Account" }).click();
    await expectPath(page, "/account");
    await menu.click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await expectPath(page, "/login");
    await expectTitle(page, "Login");
    await visible(page.getByRole("heading", { name: "Welcome back" }));
    await expectOnlyDeviceCookie(context);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);

    // The server ended the session too: the old refresh token is refused.
    const reuse = await fetch(`${appUrl()}${apiPaths.auth.refresh}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ RefreshToken: refresh!.value }),
    });
    expect(reuse.status).toBe(401);

    // Back (to the dashboard) or straight to /dashboard: the login form.
    await page.goBack();
    await expectPath(page, "/login");
    await visible(page.getByRole("button", { name: "Login", exact: true }));
    await page.goto("/dashboard");
    await expectPath(page, "/login");
    await expectTitle(page, "Login");
    await visible(page.getByRole("button", { name: "Login", exact: true }));
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("log out before onboarding", () => {
  it("the onboarding page's 'Log out' ends the session too", async () => {
    const user = await createUser(stack(), { label: "logout-onboarding" });
    const { context, page, problems } = await newContext(browser());
    captureOnFailure(page, "logout-and-reset-onboarding");
    context.setDefaultTimeout(20_000);
    await logIn(page, user, "/onboarding");
    await page.getByRole("button", { name: "Log out" }).click();
    await expectPath(page, "/login");
    await expectOnlyDeviceCookie(context);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await page.goto("/onboarding");
    await expectPath(page, "/login");
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("forgot password", () => {
  it("sends a code, resets the password for real, and only the new password logs in", async () => {
    const user = await createCompany(stack(), { label: "reset" });
    const newPassword = "Quartz&Heron42";
    const { context, page, problems } = await newContext(browser());
    captureOnFailure(page, "logout-and-reset-2");
    context.setDefaultTimeout(20_000);

    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expectPath(page, "/forgot-password");
    await expectTitle(page, "Forgot Password");

    // Email step.
    const send = page.getByRole("button", { name: "Send reset code" });
    await send.click();
    await visible(page.getByText(authMessages.emailRequired, { exact: true }));
    await field(page, "Email").fill(user.email);
    await send.click();

    // Verify step: its fields and buttons.
    await visible(page.getByRole("heading", { name: "Choose a new password" }));
    expect(await field(page, "Email").inputValue()).toBe(user.email);
    for (const label of ["Verification Code", "New Password", "Confirm New Password"]) {
      await visible(field(page, label));
    }
    await visible(page.getByRole("button", { name: "Reset password" }));
    await stack().mailbox.waitFor(user.email, RESET_SUBJECT, { count: 1 });

    // 'Back to email' resets the form.
    await field(page, "Verification Code").fill("123");
    await page.getByRole("button", { name: "Back to email" }).click();
    await visible(page.getByRole("heading", { name: "Reset your password" }));
    expect(await field(page, "Email").inputValue()).toBe("");
    expect(await page.getByRole("alert").count()).toBe(0);

    // A second request; the newest code is the one that works.
    await field(page, "Email").fill(user.email);
    await send.click();
    await visible(page.getByRole("heading", { name: "Choose a new password" }));
    const mail = await stack().mailbox.waitFor(user.email, RESET_SUBJECT, { count: 2 });
    expect(await field(page, "Verification Code").inputValue()).toBe("");

    // The step's own checks first.
    await page.getByRole("button", { name: "Reset password" }).click();
    await visible(page.getByText(authMessages.codeRequired, { exact: true }));
    await visible(page.getByText(authMessages.newPasswordRequired, { exact: true }));

    // A wrong code is refused by the server (and costs one of the 5 tries); the right one works.
    const code = codeFrom(mail);
    const wrong = wrongCode(code);
    await field(page, "Verification Code").fill(wrong);
    await field(page, "New Password").fill(newPassword);
    await field(page, "Confirm New Password").fill(newPassword);
    await page.getByRole("button", { name: "Reset password" }).click();
    await visible(page.getByText(webTexts.invalidCode, { exact: true }));
    await field(page, "Verification Code").fill(code);
    await page.getByRole("button", { name: "Reset password" }).click();
    await visible(toast(page, authMessages.resetSuccess));
    await expectPath(page, "/login");
    await expectTitle(page, "Login");
    expect(await field(page, "Email").inputValue()).toBe(user.email);
    await stack().mailbox.waitFor(user.email, CHANGED_SUBJECT, { count: 1 });

    // The old password no longer works; the new one does.
    await submitLogin(page, user.email, user.password);
    await visible(page.getByText(authMessages.loginFailed, { exact: true }));
    await expectPath(page, "/login");
    await field(page, "Password").fill(newPassword);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expectPath(page, "/dashboard");
    await expectTitle(page, "Dashboard");
    expect(problems).toEqual([]);
    await context.close();
  });
});
