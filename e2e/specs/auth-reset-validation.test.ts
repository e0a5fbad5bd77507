import { STRONG_PASSWORD, uniqueEmail } from "@recoup/api/testing";
import { apiPaths, authMessages, errorCodes } from "@recoup/contracts";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumForFile, field, freshContext } from "../browser.ts";
import { apiError, expectAlert, expectFieldError, expectNoFieldError } from "./form-helpers.ts";
import { pathOf } from "./shell-helpers.ts";

/** Spec section 5 (validation) and the auth rows of section 8, on the forgot-password form. */

const browser = chromiumForFile();

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
    const { context, page, problems } = await freshContext(browser());
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
    const { context, page, problems } = await freshContext(browser());
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
    const { context, page, problems } = await freshContext(browser());
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
    const { context, page, problems } = await freshContext(browser());
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
    const { context, page, problems } = await freshContext(browser());
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
