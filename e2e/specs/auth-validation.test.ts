import { apiPaths, authMessages, errorCodes } from "@recoup/contracts";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { launchBrowser, STRONG_PASSWORD, uniqueEmail } from "../browser.ts";
import { createVerifiedUser, freshContext, pathOf, type TestUser } from "./shell-helpers.ts";

/** Spec section 5 (validation) and the auth rows of section 8, on the login, signup and reset forms. */

let browser: Browser;
let user: TestUser;

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createVerifiedUser("validation", "Vera", "Lint");
});

afterAll(async () => {
  await browser?.close();
});

/** The field's input, found by its accessible label (exact, so 'Password' is not 'Confirm Password'). */
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** The texts an input points at through aria-describedby (its error, when it has one). */
const describedBy = (page: Page, label: string) =>
  field(page, label).evaluate((el) =>
    (el.getAttribute("aria-describedby") ?? "")
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? "")
      .join(" | "),
  );

const expectFieldError = (page: Page, label: string, message: string) =>
  expect.poll(() => describedBy(page, label), { timeout: 5_000 }).toBe(message);

const expectNoFieldError = (page: Page, label: string) =>
  expect.poll(() => describedBy(page, label), { timeout: 5_000 }).toBe("");

/** A form-level notice (role=alert) with exactly this text. */
const notice = (page: Page, text: string) =>
  page.getByRole("alert").filter({ has: page.getByText(text, { exact: true }) });

const expectAlert = async (page: Page, text: string) => {
  await page.getByText(text, { exact: true }).waitFor();
  expect(await page.getByRole("alert").filter({ hasText: text }).count()).toBeGreaterThan(0);
};

const apiError = (status: number, code: string, message: string) => ({
  status,
  contentType: "application/json",
  body: JSON.stringify({ error: { code, message } }),
});

describe("login form", () => {
  it("labels every input and toggles the password's visibility", async () => {
    const { context, page, problems } = await freshContext(browser);
    await page.goto("/login");
    expect(await field(page, "Email").getAttribute("type")).toBe("email");
    const password = field(page, "Password");
    expect(await password.getAttribute("type")).toBe("password");
    await page.getByRole("button", { name: "Show password" }).click();
    expect(await password.getAttribute("type")).toBe("text");
    await page.getByRole("button", { name: "Hide password" }).click();
    expect(await password.getAttribute("type")).toBe("password");
    await page.getByRole("button", { name: "Show password" }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("asks to fill in all fields unless both are filled", async () => {
    const { context, page, problems } = await freshContext(browser);
    await page.goto("/login");
    const submit = page.getByRole("button", { name: "Login", exact: true });
    let calls = 0;
    await page.route(`**${apiPaths.auth.login}`, (route) => {
      calls++;
      return route.continue();
    });

    await submit.click();
    await expectAlert(page, authMessages.fillAllFields);

    await field(page, "Email").fill(user.email);
    await submit.click();
    await expectAlert(page, authMessages.fillAllFields);

    await field(page, "Email").fill("");
    await field(page, "Password").fill(user.password);
    await submit.click();
    await expectAlert(page, authMessages.fillAllFields);
    expect(await notice(page, authMessages.fillAllFields).count()).toBe(1);
    // Whitespace is not an email.
    await field(page, "Email").fill("   ");
    await submit.click();
    await expectAlert(page, authMessages.fillAllFields);
    expect(calls).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("says 'Login failed. Please check your credentials.' for a wrong password or an unknown email", async () => {
    const { context, page, problems } = await freshContext(browser);
    await page.goto("/login");
    const submit = page.getByRole("button", { name: "Login", exact: true });
    await field(page, "Email").fill(user.email);
    await field(page, "Password").fill(`${user.password}x`);
    await submit.click();
    await expectAlert(page, authMessages.loginFailed);
    expect(pathOf(page)).toBe("/login");

    await field(page, "Email").fill(uniqueEmail("nobody"));
    await field(page, "Password").fill(STRONG_PASSWORD);
    await submit.click();
    await expectAlert(page, authMessages.loginFailed);
    expect(await notice(page, authMessages.loginFailed).count()).toBe(1);
    expect(pathOf(page)).toBe("/login");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("labels the button 'Logging in...' while busy", async () => {
    const { context, page, problems } = await freshContext(browser);
    await page.goto("/login");
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route(`**${apiPaths.auth.login}`, async (route) => {
      await answered;
      await route.fulfill(apiError(401, errorCodes.invalidCredentials, "Incorrect email or password."));
    });
    await field(page, "Email").fill(user.email);
    await field(page, "Password").fill("Wrong-Pass1!");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    const busy = page.getByRole("button", { name: "Logging in..." });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    answer();
    await expectAlert(page, authMessages.loginFailed);
    await page.getByRole("button", { name: "Login", exact: true }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("signup form", () => {
  const labels = ["First Name", "Last Name", "Email", "Password", "Confirm Password"];

  it("labels every input, and each password field has its own show/hide toggle", async () => {
    const { context, page, problems } = await freshContext(browser);
    await page.goto("/signup");
    await page.getByRole("button", { name: "Create account" }).waitFor();
    for (const label of labels) expect(await field(page, label).count(), label).toBe(1);
    for (const label of ["Password", "Confirm Password"]) {
      const input = field(page, label);
      const toggle = input.locator("xpath=..").getByRole("button");
      expect(await input.getAttribute("type")).toBe("password");
      expect(await toggle.getAttribute("aria-label")).toBe("Show password");
      await toggle.click();
      expect(await input.getAttribute("type")).toBe("text");
      expect(await toggle.getAttribute("aria-label")).toBe("Hide password");
      expect(await toggle.getAttribute("aria-pressed")).toBe("true");
      await toggle.click();
      expect(await input.getAttribute("type")).toBe("password");
    }
    // Toggling one field leaves the other alone.
    await field(page, "Password").locator("xpath=..").getByRole("button").click();
    expect(await field(page, "Confirm Password").getAttribute("type")).toBe("password");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows each rule's message under its field", async () => {
    const { context, page, problems } = await freshContext(browser);
    await page.goto("/signup");
    let calls = 0;
    await page.route(`**${apiPaths.auth.signup}`, (route) => {
      calls++;
      return route.continue();
    });
    const submit = page.getByRole("button", { name: "Create account" });

    await field(page, "Email").fill("not-an-email");
    await field(page, "Password").fill("weak");
    await field(page, "Confirm Password").fill("other");
    await submit.click();
    await expectFieldError(page, "First Name", authMessages.firstNameRequired);
    await expectFieldError(page, "Last Name", authMessages.lastNameRequired);
    await expectFieldError(page, "Email", authMessages.invalidEmail);
    await expectFieldError(page, "Password", authMessages.passwordRule);
    expect(await field(page, "First Name").getAttribute("aria-invalid")).toBe("true");

    // Blank names are still missing.
    await field(page, "First Name").fill("   ");
    await field(page, "Last Name").fill("  ");
    await submit.click();
    await expectFieldError(page, "First Name", authMessages.firstNameRequired);
    await expectFieldError(page, "Last Name", authMessages.lastNameRequired);

    for (const bad of ["user@", "user@example", "user @example.com", "@example.com"]) {
      await field(page, "Email").fill(bad);
      await submit.click();
      await expectFieldError(page, "Email", authMessages.invalidEmail);
    }

    await field(page, "First Name").fill("Vera");
    await field(page, "Last Name").fill("Lint");
    await field(page, "Email").fill(uniqueEmail("never-sent"));
    await field(page, "Password").fill(STRONG_PASSWORD);
    await field(page, "Confirm Password").fill(`${STRONG_PASSWORD}x`);
    await submit.click();
    await expectFieldError(page, "Confirm Password", authMessages.passwordsDoNotMatch);
    for (const label of ["First Name", "Last Name", "Email", "Password"])
      await expectNoFieldError(page, label);
    expect(calls).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("applies the password rule: 8 to 30 characters, upper, lower, digit and one of @$!%*?&", async () => {
    const { context, page, problems } = await freshContext(browser);
    await page.goto("/signup");
    await page.route(`**${apiPaths.auth.signup}`, (route) => route.abort());
    const submit = page.getByRole("button", { name: "Create account" });
    const weak = [
      "Ab1@xyz", // 7 characters
      `Ab1@${"x".repeat(27)}`, // 31 characters
      "abcdef1@", // no uppercase
      "ABCDEF1@", // no lowercase
      "Abcdefg@", // no digit
      "Abcdefg1", // no special character
      "Abcdef1#", // '#' is not one of @$!%*?&
      "Abc def1@", // a space
    ];
    const strong = [
      "Abcdef1@",
      `Ab1@${"x".repeat(26)}`,
      "Abcdef1$",
      "Abcdef1!",
      "Abcdef1%",
      "Abcdef1*",
      "Abcdef1?",
      "Abcdef1&",
    ];
    for (const password of weak) {
      await field(page, "Password").fill(password);
      await field(page, "Confirm Password").fill(password);
      await submit.click();
      await expectFieldError(page, "Password", authMessages.passwordRule);
    }
    for (const password of strong) {
      await field(page, "Password").fill(password);
      await field(page, "Confirm Password").fill(password);
      await submit.click();
      await expectNoFieldError(page, "Password");
      await expectNoFieldError(page, "Confirm Password");
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it("says 'Registration failed. Please try again.' when the signup call fails", async () => {
    const { context, page, problems } = await freshContext(browser);
    await page.goto("/signup");
    await page.route(`**${apiPaths.auth.signup}`, (route) =>
      route.fulfill(apiError(500, errorCodes.internal, "Something broke.")),
    );
    await field(page, "First Name").fill("Vera");
    await field(page, "Last Name").fill("Lint");
    await field(page, "Email").fill(uniqueEmail("signup-fails"));
    await field(page, "Password").fill(STRONG_PASSWORD);
    await field(page, "Confirm Password").fill(STRONG_PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await expectAlert(page, authMessages.signupFailed);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("forgot password", () => {
  const resetLabels = ["Email", "Verification Code", "New Password", "Confirm New Password"];

  /** Submits a valid email and waits for the reset step. */
  async function toResetStep(page: Page, email = uniqueEmail("reset")) {
    await page.goto("/forgot-password");
    await field(page, "Email").fill(email);
    await page.getByRole("button", { name: "Send reset code" }).click();
    await page.getByRole("button", { name: "Reset password" }).waitFor();
    return email;
  }

  it("email step: 'Email is required', then a valid address", async () => {
    const { context, page, problems } = await freshContext(browser);
    await page.goto("/forgot-password");
    let calls = 0;
    await page.route(`**${apiPaths.auth.forgotPassword}`, (route) => {
      calls++;
      return route.continue();
    });
    const submit = page.getByRole("button", { name: "Send reset code" });
    await submit.click();
    await expectFieldError(page, "Email", authMessages.emailRequired);
    for (const bad of ["nobody", "nobody@", "nobody@example", "no body@example.com"]) {
      await field(page, "Email").fill(bad);
      await submit.click();
      await expectFieldError(page, "Email", authMessages.invalidEmail);
    }
    expect(calls).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("email step: says 'Failed to send reset code. Please try again.' when the call fails", async () => {
    const { context, page, problems } = await freshContext(browser);
    await page.goto("/forgot-password");
    await page.route(`**${apiPaths.auth.forgotPassword}`, (route) =>
      route.fulfill(apiError(500, errorCodes.internal, "Something broke.")),
    );
    await field(page, "Email").fill(uniqueEmail("reset-fails"));
    await page.getByRole("button", { name: "Send reset code" }).click();
    await expectAlert(page, authMessages.sendResetFailed);
    expect(await page.getByRole("button", { name: "Reset password" }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("reset step: labels every input, and shows each rule's message under its field", async () => {
    const { context, page, problems } = await freshContext(browser);
    const email = await toResetStep(page);
    for (const label of resetLabels) expect(await field(page, label).count(), label).toBe(1);
    expect(await field(page, "Email").inputValue()).toBe(email);
    let calls = 0;
    await page.route(`**${apiPaths.auth.resetPassword}`, (route) => {
      calls++;
      return route.abort();
    });
    const submit = page.getByRole("button", { name: "Reset password" });

    await submit.click();
    await expectFieldError(page, "Verification Code", authMessages.codeRequired);
    await expectFieldError(page, "New Password", authMessages.newPasswordRequired);
    await expectNoFieldError(page, "Email");

    for (const code of ["12345", "abcdef", "12 456"]) {
      await field(page, "Verification Code").fill(code);
      await submit.click();
      await expectFieldError(page, "Verification Code", authMessages.codeSixDigits);
    }
    // At most 6 characters go in.
    await field(page, "Verification Code").fill("1234567");
    expect(await field(page, "Verification Code").inputValue()).toBe("123456");

    for (const weak of ["Ab1@xyz", "Abcdefg1", "abcdefg1@", `Ab1@${"x".repeat(27)}`]) {
      await field(page, "New Password").fill(weak);
      await submit.click();
      await expectFieldError(page, "New Password", authMessages.passwordRule);
    }

    await field(page, "New Password").fill(STRONG_PASSWORD);
    await field(page, "Confirm New Password").fill("Different1@");
    await submit.click();
    await expectFieldError(page, "Confirm New Password", authMessages.passwordsDoNotMatch);
    await expectNoFieldError(page, "New Password");
    await expectNoFieldError(page, "Verification Code");

    await field(page, "Email").fill("");
    await submit.click();
    await expectFieldError(page, "Email", authMessages.emailRequired);
    await field(page, "Email").fill("nobody@example");
    await submit.click();
    await expectFieldError(page, "Email", authMessages.invalidEmail);
    expect(calls).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("reset step: each password field toggles its visibility, and 'Back to email' resets the form", async () => {
    const { context, page, problems } = await freshContext(browser);
    await toResetStep(page);
    for (const label of ["New Password", "Confirm New Password"]) {
      const input = field(page, label);
      const toggle = input.locator("xpath=..").getByRole("button");
      expect(await input.getAttribute("type")).toBe("password");
      await toggle.click();
      expect(await input.getAttribute("type")).toBe("text");
      expect(await toggle.getAttribute("aria-label")).toBe("Hide password");
      await toggle.click();
      expect(await input.getAttribute("type")).toBe("password");
    }
    await page.getByRole("button", { name: "Back to email" }).click();
    await page.getByRole("button", { name: "Send reset code" }).waitFor();
    expect(await field(page, "Email").inputValue()).toBe("");
    expect(await field(page, "Verification Code").count()).toBe(0);
    expect(pathOf(page)).toBe("/forgot-password");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("reset step: says 'Failed to reset password. Please try again.' when the call fails", async () => {
    const { context, page, problems } = await freshContext(browser);
    await toResetStep(page);
    await page.route(`**${apiPaths.auth.resetPassword}`, (route) =>
      route.fulfill(apiError(500, errorCodes.internal, "Something broke.")),
    );
    await field(page, "Verification Code").fill("123456");
    await field(page, "New Password").fill(STRONG_PASSWORD);
    await field(page, "Confirm New Password").fill(STRONG_PASSWORD);
    await page.getByRole("button", { name: "Reset password" }).click();
    await expectAlert(page, authMessages.resetFailed);
    expect(pathOf(page)).toBe("/forgot-password");
    expect(problems).toEqual([]);
    await context.close();
  });
});
