/**
 * Helpers for the account-flow specs (signup, account, logout/reset, social sign-in, screenshots).
 * The harness (../browser.ts, ../stack.ts) belongs to the lead; only these specs use this file.
 */

import { createUser as kitCreateUser } from "@recoup/api/testing/kit";
import { cookieNames } from "@recoup/contracts";
import type { BrowserContext, Locator, Page } from "playwright-core";
import sharp from "sharp";
import { expect, onTestFailed } from "vitest";

import { api, appUrl, type Mail, mailbox, STRONG_PASSWORD } from "../browser.ts";

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

export const VERIFY_SUBJECT = /verification code/i;
export const RESET_SUBJECT = /password reset code/i;
export const CHANGED_SUBJECT = /password was changed/i;

/** Every mail to `to`, newest first (the mail sandbox's JSON API). */
export const mailsTo = (to: string): Promise<Mail[]> => mailbox().to(to);

/** Waits until there are `count` mails to `to` matching `subject`; returns the newest. */
export const waitForNthMail = (to: string, subject: RegExp, count: number, timeoutMs = 15_000) =>
  mailbox().waitFor(to, subject, { count, timeoutMs });

async function ok(res: Response, what: string): Promise<Response> {
  if (!res.ok) throw new Error(`${what}: HTTP ${res.status} ${await res.text()}`);
  return res;
}

export interface TestUser {
  firstName: string;
  lastName: string;
  name: string;
  email: string;
  password: string;
}

/**
 * A user made through the API (not the screens under test) with the test kit: signed up, and
 * unless told otherwise verified with the emailed code and onboarded.
 */
export async function createUser(
  opts: {
    label?: string;
    verified?: boolean;
    onboarded?: boolean;
    firstName?: string;
    email?: string;
    password?: string;
  } = {},
): Promise<TestUser> {
  const { verified = true, onboarded = verified } = opts;
  const firstName = opts.firstName ?? "Olivia";
  const made = await kitCreateUser(api(), mailbox(), {
    label: opts.label ?? "flows",
    ...(opts.email ? { email: opts.email } : {}),
    ...(opts.password ? { password: opts.password } : {}),
    firstName,
    lastName: "Tester",
    verify: verified,
    onboard: onboarded,
    companyName: `${firstName}'s Plumbing`,
    timezone: "Europe/London",
  });
  return { firstName, lastName: "Tester", name: made.name, email: made.email, password: made.password };
}

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

export async function expectPath(page: Page, pathname: string) {
  await page.waitForURL((url) => url.pathname === pathname, { timeout: 20_000, waitUntil: "commit" });
}

export const visible = (locator: Locator, timeout = 20_000) => locator.waitFor({ state: "visible", timeout });
export const gone = (locator: Locator, timeout = 20_000) => locator.waitFor({ state: "hidden", timeout });

/** A toast (sonner), inside its notifications region. */
export const toast = (page: Page, text: string) =>
  page.getByRole("region", { name: /Notifications/ }).getByText(text, { exact: true });

/** The form fields, read as a user does: by their labels. */
export const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** Fills the login form and submits it (the caller checks where it leads). */
export async function submitLogin(page: Page, email: string, password: string) {
  await field(page, "Email").fill(email);
  await field(page, "Password").fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

/** From a fresh context: /login, credentials, and the page the app lands on. */
export async function logIn(page: Page, user: Pick<TestUser, "email" | "password">, landing = "/dashboard") {
  await page.goto("/login");
  await submitLogin(page, user.email, user.password);
  await expectPath(page, landing);
}

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

/** A PNG of the given size, in one colour. */
export function png(width: number, height: number, colour = { r: 220, g: 38, b: 38 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
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

/** GET an API path with a bearer token, from the test (not the page). */
export async function apiGet<T>(path: string, token: string): Promise<T> {
  const res = await ok(
    await fetch(`${appUrl()}${path}`, { headers: { authorization: `Bearer ${token}` } }),
    `GET ${path}`,
  );
  return (await res.json()) as T;
}

export { STRONG_PASSWORD };
