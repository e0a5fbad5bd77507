import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { launchBrowser, newContext } from "../browser.ts";
import { createUser, expectPath, field, logIn, type TestUser, visible } from "./flows-helpers.ts";

/**
 * Screenshots of the account-flow screens for a person to review, in e2e/screenshots/ (git-ignored).
 * Only with E2E_SCREENSHOTS=1, so `npm test` does not spend time on them.
 */
const enabled = process.env.E2E_SCREENSHOTS === "1";
const dir = new URL("../screenshots/", import.meta.url).pathname;
/** newContext's viewport height. */
const VIEWPORT_HEIGHT = 860;

const variants = [
  { name: "light", colorScheme: "light", width: 1280 },
  { name: "dark", colorScheme: "dark", width: 1280 },
  { name: "mobile-light", colorScheme: "light", width: 390 },
  { name: "mobile-dark", colorScheme: "dark", width: 390 },
] as const;

let browser: Browser;
let fresh: TestUser[];
let onboarded: TestUser;

beforeAll(async () => {
  if (!enabled) return;
  mkdirSync(dir, { recursive: true });
  browser = await launchBrowser();
  // One user per variant for /onboarding (it stays pending), one onboarded user for the shell.
  fresh = await Promise.all(variants.map(() => createUser({ label: "shots", onboarded: false })));
  onboarded = await createUser({ label: "shots", firstName: "Samira" });
});
afterAll(async () => {
  await browser?.close();
});

/**
 * The whole page: the viewport grows to the page's height (rather than a full-page capture, which
 * leaves off-screen sandboxed frames such as the signature preview unpainted), then comes back.
 */
async function shoot(page: Page, screen: string, variant: { name: string; width: number }) {
  const height = await page.evaluate(async () => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
    await document.fonts.ready;
    return document.documentElement.scrollHeight;
  });
  await page.setViewportSize({ width: variant.width, height: Math.max(VIEWPORT_HEIGHT, height) });
  // Let layout, images, frames and transitions settle.
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${dir}${screen}-${variant.name}.png` });
  await page.setViewportSize({ width: variant.width, height: VIEWPORT_HEIGHT });
}

describe.skipIf(!enabled)("screenshots of the account-flow screens", () => {
  variants.forEach((variant, i) => {
    it(`${variant.name} (${variant.width} px)`, async () => {
      const { context, page, problems } = await newContext(browser, {
        colorScheme: variant.colorScheme,
        width: variant.width,
      });
      context.setDefaultTimeout(20_000);

      await page.goto("/login");
      await visible(page.getByRole("button", { name: "Login", exact: true }));
      await shoot(page, "login", variant);
      await page.goto("/signup");
      await visible(page.getByRole("button", { name: "Create account" }));
      await shoot(page, "signup", variant);
      await page.goto("/forgot-password");
      await visible(page.getByRole("button", { name: "Send reset code" }));
      await shoot(page, "forgot-password", variant);

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
