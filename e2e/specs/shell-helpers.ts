import { createUser, logIn, onboard } from "@recoup/api/testing/kit";
import { companySizes, companyTypes } from "@recoup/contracts";
import type { Browser, BrowserContext, Cookie, Page } from "playwright-core";
import { onTestFailed } from "vitest";

import { api, mailbox, newContext } from "../browser.ts";

/** Helpers for the routing, auth-validation and shell specs. */

export interface TestUser {
  firstName: string;
  lastName: string;
  name: string;
  email: string;
  password: string;
}

/** Signs up through the API and verifies the email with the code from the mail sandbox (the test kit). */
export async function createVerifiedUser(
  label: string,
  firstName = "Robin",
  lastName = "Quill",
): Promise<TestUser> {
  const { email, password, name } = await createUser(api(), mailbox(), {
    label,
    firstName,
    lastName,
    onboard: false,
  });
  return { firstName, lastName, name, email, password };
}

/** Completes onboarding through the API (with an id token from an API login). */
export async function onboardViaApi(user: TestUser) {
  const tokens = await logIn(api(), user.email, user.password);
  await onboard(
    api(),
    { email: user.email, token: tokens.IdToken },
    { companyName: `${user.lastName} Trading`, companyType: companyTypes[2], companySize: companySizes[1] },
  );
}

/** A verified user who has finished onboarding. */
export async function createOnboardedUser(label: string, firstName?: string, lastName?: string) {
  const user = await createVerifiedUser(label, firstName, lastName);
  await onboardViaApi(user);
  return user;
}

/** Logs in through the /login form and waits for the app to land on /dashboard or /onboarding. */
export async function loginThroughUi(page: Page, user: TestUser) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await page.waitForURL(/\/(dashboard|onboarding)$/);
}

/** Logs `user` in through the UI once, in a throwaway context, and returns the session cookies. */
export async function sessionCookies(browser: Browser, user: TestUser): Promise<Cookie[]> {
  const { context, page, problems } = await newContext(browser);
  try {
    await loginThroughUi(page, user);
    if (problems.length > 0) throw new Error(`problems while logging in: ${problems.join("; ")}`);
    return await context.cookies();
  } finally {
    await context.close();
  }
}

/** When the running test fails, prints where the page was and what it showed. */
export function reportOnFailure(page: Page) {
  onTestFailed(async () => {
    try {
      const text = await page.evaluate(() => document.body.textContent);
      console.error(`[failed at] ${page.url()} "${await page.title()}"\n${text.slice(0, 1500)}`);
    } catch {
      // The page is gone.
    }
  });
}

/** newContext, plus a report of the page's state if the test fails. */
export async function freshContext(
  browser: Browser,
  opts: Parameters<typeof newContext>[1] = {},
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const made = await newContext(browser, opts);
  reportOnFailure(made.page);
  return made;
}

/** A fresh context (see freshContext) that already carries a signed-in session's cookies. */
export async function signedInContext(
  browser: Browser,
  cookies: Cookie[],
  opts: Parameters<typeof newContext>[1] = {},
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const made = await freshContext(browser, opts);
  await made.context.addCookies(cookies);
  return made;
}

/** The path of the page's current URL. */
export const pathOf = (page: Page) => new URL(page.url()).pathname;

/**
 * Records the text of every element with role=status that is ever added to the page, so a
 * notice shown for a single frame (such as 'Redirecting to login...') can be asserted afterwards.
 */
export async function recordStatusTexts(context: BrowserContext) {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __statusTexts: string[] }).__statusTexts = seen;
    const note = (node: Node) => {
      if (!(node instanceof Element)) return;
      const found = node.matches('[role="status"]') ? [node] : [];
      for (const el of [...found, ...Array.from(node.querySelectorAll('[role="status"]'))]) {
        const text = el.textContent?.trim();
        if (text) seen.push(text);
      }
    };
    new MutationObserver((records) => {
      for (const record of records) for (const node of Array.from(record.addedNodes)) note(node);
    }).observe(document, { childList: true, subtree: true });
  });
}

export const statusTexts = (page: Page) =>
  page.evaluate(() => (window as unknown as { __statusTexts?: string[] }).__statusTexts ?? []);
