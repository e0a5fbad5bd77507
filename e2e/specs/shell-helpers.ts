import { createCompany, createUser, type KitUser } from "@recoup/api/testing";
import type { Browser, BrowserContext, Cookie, Page } from "playwright-core";
import { beforeAll } from "vitest";
import { sessionCookies, stack } from "../browser.ts";

/** Helpers for the routing, auth-validation and shell specs. */

/** Session cookies of a new user who finished onboarding (`onboardedUser`), and of one who has not. */
export async function onboardedAndPending(browser: Browser, label: string) {
  const [onboardedUser, notYet] = await Promise.all([
    createCompany(stack(), { label: `${label}-onboarded`, firstName: "Olive", lastName: "Banks" }),
    createUser(stack(), { label: `${label}-pending`, firstName: "Penny", lastName: "Vale" }),
  ]);
  const [onboarded, pending] = await Promise.all([
    sessionCookies(browser, onboardedUser),
    sessionCookies(browser, notYet),
  ]);
  return { onboarded, pending, onboardedUser: onboardedUser as KitUser };
}

/**
 * The spec file's signed-in owner: a new company's user, made before its tests, and the cookies of
 * a session of theirs (logged in once, in `browser`). The fields are there once the tests run.
 */
export function ownerForFile(browser: () => Browser, label: string) {
  const owner = {} as { user: KitUser; cookies: Cookie[] };
  beforeAll(async () => {
    owner.user = await createCompany(stack(), { label, firstName: "Orla", lastName: "Finch" });
    owner.cookies = await sessionCookies(browser(), owner.user);
  });
  return owner;
}

/** The page's own heading (level 1). */
export const heading = (page: Page, name: string) =>
  page.getByRole("heading", { name, level: 1, exact: true });

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
