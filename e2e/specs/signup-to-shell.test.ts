import { codeFrom, createUser, STRONG_PASSWORD, uniqueEmail, VERIFY_SUBJECT } from "@recoup/api/testing";
import { apiPaths, authMessages } from "@recoup/contracts";
import { describe, expect, inject, it } from "vitest";
import { appUrl, chromiumForFile, expectPath, field, newContext, stack, submitLogin } from "../browser.ts";
import {
  captureOnFailure,
  expectTitle,
  gone,
  holdRequests,
  toast,
  userMenuButton,
  visible,
  webTexts,
} from "./flows-helpers.ts";

const browser = chromiumForFile();

describe("signup to the shell", () => {
  it("signs up, verifies through the emailed link, logs in, onboards and lands in the shell", async () => {
    const { context, page, problems } = await newContext(browser());
    captureOnFailure(page, "signup-to-shell-1");
    context.setDefaultTimeout(20_000);
    const email = uniqueEmail("signup");

    // Signup form.
    await page.goto("/signup");
    await expectTitle(page, "Login");
    await visible(page.getByRole("heading", { name: "Create your account" }));
    await field(page, "First Name").fill("Maya");
    await field(page, "Last Name").fill("Okafor");
    await field(page, "Email").fill(email);
    await field(page, "Password").fill(STRONG_PASSWORD);
    await field(page, "Confirm Password").fill(STRONG_PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await visible(toast(page, authMessages.signupSuccess));
    // The next step: the code panel for that address.
    await visible(page.getByRole("heading", { name: "Verify your email" }));
    expect(await field(page, "Email").inputValue()).toBe(email);

    // The verification email, as the server sent it.
    await stack().mailbox.waitFor(email, VERIFY_SUBJECT, { count: 1 });
    const mails = await stack().mailbox.to(email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to).toContain(email);
    expect(mail.text).toContain("Hi Maya Okafor,");
    const code = codeFrom(mail);
    const link = /Verify email: (\S+)/.exec(mail.text)?.[1];
    expect(link).toBe(`${appUrl()}/login?verifyEmail=${encodeURIComponent(email)}&code=${code}`);
    expect(mail.html).toContain(`href="${link!.replaceAll("&", "&amp;")}"`);

    // A person reads it in the mail sandbox's web inbox.
    const inbox = await context.newPage();
    await inbox.goto(`${inject("inboxUrl")}/?to=${encodeURIComponent(email)}`);
    const listed = inbox.getByRole("link").filter({ hasText: mail.subject });
    await visible(listed);
    await listed.click();
    await visible(inbox.getByRole("heading", { name: mail.subject }));
    await inbox.close();

    // The emailed link lands on the login form (the code out of the address bar), which finishes
    // the verification with the password its holder keeps; the busy label shows meanwhile.
    await page.goto(link!);
    await expectPath(page, "/login");
    await visible(page.getByText(webTexts.verifyOnLogin, { exact: true }));
    await visible(page.getByRole("heading", { name: "Welcome back" }));
    expect(new URL(page.url()).search).toBe("");
    expect(await field(page, "Email").inputValue()).toBe(email);
    const release = await holdRequests(page, "**/v1/auth/verify-email");
    await field(page, "Password").fill(STRONG_PASSWORD);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    const busy = page.getByRole("button", { name: "Logging in..." });
    await visible(busy);
    expect(await busy.isDisabled()).toBe(true);
    release();
    await visible(toast(page, webTexts.emailVerified));

    // A new account has no company yet: onboarding.
    await expectPath(page, "/onboarding");
    await expectTitle(page, "Onboarding");
    await visible(page.getByRole("heading", { name: "Tell us about your company" }));
    expect(await field(page, "Email").inputValue()).toBe(email);
    await field(page, "Company name").fill("Okafor Plumbing LLC");
    await page.getByRole("combobox", { name: "Company type" }).click();
    await page.getByRole("option", { name: "LLC" }).click();
    await page.getByRole("combobox", { name: "Company size" }).click();
    await page.getByRole("option", { name: "2-10 people" }).click();
    await field(page, "Average invoices per month").fill("25");
    await field(page, "Time zone").selectOption("Europe/Paris");
    await page.getByRole("button", { name: "Continue to dashboard" }).click();

    // The shell.
    await expectPath(page, "/dashboard");
    await expectTitle(page, "Dashboard");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const item of ["Dashboard", "Customers", "Invoices", "Communications", "Aging Report"]) {
      await visible(nav.getByRole("link", { name: item, exact: true }));
    }
    expect(await nav.getByRole("link", { name: "Dashboard", exact: true }).getAttribute("aria-current")).toBe(
      "page",
    );
    await nav.getByRole("button", { name: "Settings" }).click();
    for (const item of ["Account", "Billing", "Email Templates", "Integrations"]) {
      await visible(nav.getByRole("link", { name: item, exact: true }));
    }
    const menu = userMenuButton(page, email);
    await visible(menu);
    expect(await menu.textContent()).toContain("Maya Okafor");
    await menu.click();
    for (const item of ["Account", "Billing", "Log out"]) {
      await visible(page.getByRole("menuitem", { name: item }));
    }
    await page.keyboard.press("Escape");
    await gone(page.getByRole("menu"));

    // Onboarded for good: a reload stays in the shell.
    await page.reload();
    await expectPath(page, "/dashboard");
    await visible(userMenuButton(page, email));
    expect(problems).toEqual([]);
    await context.close();

    // Opening the link again (a second click, another browser) is no dead end, and does not ask to
    // finish verifying a verified address: the code is spent, so the login form says why and a
    // plain login goes on.
    const again = await newContext(browser());
    again.context.setDefaultTimeout(20_000);
    await again.page.goto(link!);
    await visible(again.page.getByText(webTexts.linkUsed, { exact: true }));
    await expectPath(again.page, "/login");
    expect(await again.page.getByText(webTexts.verifyOnLogin, { exact: true }).count()).toBe(0);
    expect(await field(again.page, "Email").inputValue()).toBe(email);
    await submitLogin(again.page, email, STRONG_PASSWORD);
    await expectPath(again.page, "/dashboard");
    expect(again.problems).toEqual([]);
    await again.context.close();
  });

  // Whoever holds the code decides the password: a later signup by someone else over the pending
  // address does not get the account.
  it("a second signup by someone else cannot take a pending account: the link's holder chooses the password", async () => {
    const { context, page, problems } = await newContext(browser());
    captureOnFailure(page, "signup-to-shell-takeover");
    context.setDefaultTimeout(20_000);
    const email = uniqueEmail("victim");

    await page.goto("/signup");
    await field(page, "First Name").fill("Vera");
    await field(page, "Last Name").fill("Owner");
    await field(page, "Email").fill(email);
    await field(page, "Password").fill(STRONG_PASSWORD);
    await field(page, "Confirm Password").fill(STRONG_PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await visible(page.getByRole("heading", { name: "Verify your email" }));

    // Someone else signs up with the same address and a password of their own.
    const attacker = await createUser(stack(), {
      email,
      password: "Squatt3r!Pass",
      verify: false,
      firstName: "Mallory",
    });
    const newest = await stack().mailbox.waitFor(email, VERIFY_SUBJECT, { count: 2 });

    // The owner follows the newest link and logs in with the password they chose.
    await page.goto(/Verify email: (\S+)/.exec(newest.text)![1]!);
    await field(page, "Password").fill(STRONG_PASSWORD);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await visible(page.getByRole("heading", { name: "Choose your password" }));
    await visible(page.getByText(authMessages.passwordMismatch, { exact: true }));
    const chosen = "Own3r&Keeps1t";
    await field(page, "New Password").fill(chosen);
    await field(page, "Confirm New Password").fill(`${chosen}x`);
    await page.getByRole("button", { name: "Save password and log in" }).click();
    await visible(page.getByText(authMessages.passwordsDoNotMatch, { exact: true }));
    await field(page, "Confirm New Password").fill(chosen);
    await page.getByRole("button", { name: "Save password and log in" }).click();
    await visible(toast(page, webTexts.emailVerified));
    await expectPath(page, "/onboarding");

    const loginWith = async (password: string) =>
      (await stack().call("POST", apiPaths.auth.login, { body: { email, password } })).status;
    expect(await loginWith(attacker.password)).toBe(401);
    expect(await loginWith(STRONG_PASSWORD)).toBe(401);
    expect(await loginWith(chosen)).toBe(200);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("an unverified login offers the code panel; 'Resend code' sends a new code, which verifies", async () => {
    const user = await createUser(stack(), { label: "unverified", verify: false });
    const first = await stack().mailbox.waitFor(user.email, VERIFY_SUBJECT, { count: 1 });
    const { context, page, problems } = await newContext(browser());
    captureOnFailure(page, "signup-to-shell-2");
    context.setDefaultTimeout(20_000);

    await page.goto("/login");
    await submitLogin(page, user.email, user.password);
    // The API's not-verified message, and the code panel.
    await visible(page.getByText(authMessages.emailNotVerified, { exact: true }));
    await visible(page.getByRole("heading", { name: "Verify your email" }));
    await expectPath(page, "/login");
    expect(await field(page, "Email").inputValue()).toBe(user.email);
    const codeInput = field(page, "Verification Code");

    // An empty or short code is refused before any call.
    await page.getByRole("button", { name: "Verify email" }).click();
    await visible(page.getByText(authMessages.codeRequired, { exact: true }));
    await codeInput.fill("12");
    await page.getByRole("button", { name: "Verify email" }).click();
    await visible(page.getByText(authMessages.codeSixDigits, { exact: true }));

    // A new code is sent; the first one stops working.
    await page.getByRole("button", { name: "Resend code" }).click();
    await visible(toast(page, webTexts.resendSent));
    const second = await stack().mailbox.waitFor(user.email, VERIFY_SUBJECT, { count: 2 });
    expect(second.id).not.toBe(first.id);
    await codeInput.fill(codeFrom(first));
    await page.getByRole("button", { name: "Verify email" }).click();
    if (codeFrom(first) !== codeFrom(second)) {
      await visible(page.getByText(webTexts.invalidCode, { exact: true }));
    }

    await codeInput.fill(codeFrom(second));
    await page.getByRole("button", { name: "Verify email" }).click();
    // The password of the refused login goes with the code: verified and signed in at once.
    await visible(toast(page, webTexts.emailVerified));
    await expectPath(page, "/onboarding");
    await expectTitle(page, "Onboarding");
    expect(problems).toEqual([]);
    await context.close();
  });
});
