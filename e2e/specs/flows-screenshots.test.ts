import { createCompany, createUser, type KitUser, VERIFY_SUBJECT } from "@recoup/api/testing";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectPath, field, launchBrowser, logIn, stack } from "../browser.ts";
import { visible, webTexts } from "./flows-helpers.ts";
import {
  makeScreenshotDir,
  screenshotsEnabled,
  screenshotVariants,
  shoot,
  variantContext,
} from "./screenshots.ts";

/**
 * Screenshots of the account-flow screens for a person to review, in e2e/screenshots/ (git-ignored).
 * Only with E2E_SCREENSHOTS=1, so `npm test` does not spend time on them.
 */
const enabled = screenshotsEnabled;
const variants = screenshotVariants;

let browser: Browser;
let fresh: KitUser[];
let pending: KitUser[];
let onboarded: KitUser;

beforeAll(async () => {
  if (!enabled) return;
  makeScreenshotDir();
  browser = await launchBrowser();
  // One user per variant for /onboarding (it stays pending), one onboarded user for the shell.
  fresh = await Promise.all(variants.map(() => createUser(stack(), { label: "shots" })));
  // One unverified user per variant for the emailed link's screens.
  pending = await Promise.all(variants.map(() => createUser(stack(), { label: "shots", verify: false })));
  onboarded = await createCompany(stack(), { label: "shots", firstName: "Samira" });
});
afterAll(async () => {
  await browser?.close();
});

describe.skipIf(!enabled)("screenshots of the account-flow screens", () => {
  variants.forEach((variant, i) => {
    it(`${variant.name} (${variant.width} px)`, async () => {
      const { context, page, problems } = await variantContext(browser, variant);

      await page.goto("/login");
      await visible(page.getByRole("button", { name: "Login", exact: true }));
      await shoot(page, "login", variant);
      await page.goto("/signup");
      await visible(page.getByRole("button", { name: "Create account" }));
      await shoot(page, "signup", variant);
      await page.goto("/forgot-password");
      await visible(page.getByRole("button", { name: "Send reset code" }));
      await shoot(page, "forgot-password", variant);

      // The emailed link's login form, then the code holder's own password.
      const link = /Verify email: (\S+)/.exec(
        (await stack().mailbox.waitFor(pending[i]!.email, VERIFY_SUBJECT, { count: 1 })).text,
      )!;
      await page.goto(link[1]!);
      await visible(page.getByText(webTexts.verifyOnLogin, { exact: true }));
      await shoot(page, "verify-login", variant);
      await field(page, "Password").fill("Not-the-0wn3r");
      await page.getByRole("button", { name: "Login", exact: true }).click();
      await visible(field(page, "Confirm New Password"));
      await shoot(page, "choose-password", variant);
      // Leave the link's /login entry (a reload would keep its state).
      await page.goto("about:blank");

      // A verified address's link: a plain login, saying why.
      const spent = /Verify email: (\S+)/.exec(
        (await stack().mailbox.waitFor(fresh[i]!.email, VERIFY_SUBJECT, { count: 1 })).text,
      )!;
      await page.goto(spent[1]!);
      await visible(page.getByText(webTexts.linkUsed, { exact: true }));
      await shoot(page, "verify-link-used", variant);

      await logIn(page, fresh[i]!, "/onboarding");
      await visible(page.getByRole("button", { name: "Continue to dashboard" }));
      await shoot(page, "onboarding", variant);

      // The onboarded user, in a clean session.
      await context.clearCookies();
      await page.evaluate(() => localStorage.clear());
      await logIn(page, onboarded);
      await visible(page.getByRole("heading", { name: "Dashboard" }));
      await shoot(page, "dashboard", variant);
      await page.goto("/account");
      await visible(field(page, "Full Name"));
      await field(page, "Signature").fill("<p><b>Samira Tester</b><br>Accounts receivable</p>");
      await shoot(page, "account", variant);
      await expectPath(page, "/account");
      expect(problems).toEqual([]);
      await context.close();
    });
  });
});
