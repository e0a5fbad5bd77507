/**
 * Helpers for the account-flow specs (signup, account, logout/reset, social sign-in, screenshots)
 * and the pages' common checks; users, the stack and signing in are the test kit's (../browser.ts).
 */

import { cookieNames } from "@recoup/contracts";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { expect, onTestFailed } from "vitest";

/** Texts the web app shows that are not in the contracts (apps/web/src/features/auth/utils/auth-errors.ts). */
export const webTexts = {
  emailVerified: "Your email is verified.",
  verifyOnLogin: "Log in with your password to finish verifying your email.",
  linkUsed:
    "This verification link has already been used or has expired. Log in to continue; if your email still needs verifying, you can ask for a new code there.",
  invalidCode: "That code is not valid or has expired. Request a new code and try again.",
  resendSent: "If that account is waiting for verification, we sent it a new code.",
  googleFailed: "Sign-in with Google failed. Please try again.",
} as const;

export const RESET_SUBJECT = /password reset code/i;
export const CHANGED_SUBJECT = /password was changed/i;

/** On failure, a full-page screenshot in e2e/screenshots/failures/ and the URL in the error output. */
export function captureOnFailure(page: Page, name: string) {
  onTestFailed(async () => {
    const file = new URL(`../screenshots/failures/${name}.png`, import.meta.url).pathname;
    console.error(`[${name}] failed at ${page.url()}; screenshot: ${file}`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
  });
}

/** The product's page title: `Recoup | <page>`. */
export async function expectTitle(page: Page, name: string) {
  await expect.poll(() => page.title(), { timeout: 20_000 }).toBe(`Recoup | ${name}`);
}

export const visible = (locator: Locator, timeout = 20_000) => locator.waitFor({ state: "visible", timeout });
export const gone = (locator: Locator, timeout = 20_000) => locator.waitFor({ state: "hidden", timeout });

/** A toast (sonner), inside its notifications region. */
export const toast = (page: Page, text: string) =>
  page.getByRole("region", { name: /Notifications/ }).getByText(text, { exact: true });

/** The user menu button in the sidebar footer (it shows the name and the email). */
export const userMenuButton = (page: Page, email: string) =>
  page.getByRole("button").filter({ hasText: email }).first();

/**
 * Holds matching requests until the returned `release` is called, so a busy state is checked while
 * it certainly lasts (a fixed delay races a loaded machine).
 */
export async function holdRequests(page: Page, pattern: string): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await released;
    await route.fallback();
  });
  return release;
}

/** The browser's cookies by name. */
export async function cookieMap(context: BrowserContext) {
  return new Map((await context.cookies()).map((c) => [c.name, c]));
}

/** The id token the browser holds (for server-side checks from the test). */
export async function idTokenOf(context: BrowserContext): Promise<string> {
  const token = (await cookieMap(context)).get(cookieNames.idToken)?.value;
  if (!token) throw new Error("no id token cookie");
  return token;
}
