import { createUser, type KitUser, STRONG_PASSWORD, uniqueEmail } from "@recoup/api/testing";
import { apiPaths, authMessages, errorCodes } from "@recoup/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { chromiumForFile, field, freshContext, stack } from "../browser.ts";
import { apiError, expectAlert, expectFieldError, expectNoFieldError, notice } from "./form-helpers.ts";
import { pathOf } from "./shell-helpers.ts";

/**
 * Spec section 5 (validation) and the auth rows of section 8, on the login and signup forms; the
 * reset form: auth-reset-validation.test.ts.
 */

const browser = chromiumForFile();
let user: KitUser;

beforeAll(async () => {
  user = await createUser(stack(), { label: "validation", firstName: "Vera", lastName: "Lint" });
});

describe("login form", () => {
  it("labels every input and toggles the password's visibility", async () => {
    const { context, page, problems } = await freshContext(browser());
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
    const { context, page, problems } = await freshContext(browser());
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
    const { context, page, problems } = await freshContext(browser());
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
    const { context, page, problems } = await freshContext(browser());
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
    const { context, page, problems } = await freshContext(browser());
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
    const { context, page, problems } = await freshContext(browser());
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
    const { context, page, problems } = await freshContext(browser());
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
    const { context, page, problems } = await freshContext(browser());
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
