/**
 * The browser tests' side of the test kit: Chromium, the running stack as the kit's factories use
 * it (`stack()`), fresh browser contexts, and signing in through the login form.
 */
import { httpCaller, type KitUser, Mailbox, type Stack } from "@recoup/api/testing";
import { type Browser, type BrowserContext, type Cookie, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, inject, onTestFailed } from "vitest";

/** Debian's Chromium, headless, with the flags this closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** One Chromium for the spec file: launched before its tests, closed after them. */
export function chromiumForFile(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => browser!;
}

export const appUrl = () => inject("appUrl");
/** The running stack as the test kit sees it: API calls over HTTP and the mail sandbox's inbox. */
export const stack = (): Stack => ({ call: httpCaller(appUrl()), mailbox: new Mailbox(inject("inboxUrl")) });

type ContextOptions = { colorScheme?: "light" | "dark"; width?: number };
export interface Made {
  context: BrowserContext;
  page: Page;
  /** Page errors and CSP violations seen so far. */
  problems: string[];
}

/** A fresh browser context (no cookies), collecting page errors and CSP violations. */
export async function newContext(browser: Browser, opts: ContextOptions = {}): Promise<Made> {
  const context = await browser.newContext({
    baseURL: appUrl(),
    colorScheme: opts.colorScheme ?? "light",
    viewport: { width: opts.width ?? 1280, height: 860 },
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  page.on("console", (msg) => {
    if (msg.type() === "error" && /Content Security Policy/i.test(msg.text()))
      problems.push(`csp: ${msg.text()}`);
  });
  return { context, page, problems };
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
export async function freshContext(browser: Browser, opts: ContextOptions = {}): Promise<Made> {
  const made = await newContext(browser, opts);
  reportOnFailure(made.page);
  return made;
}

/** A form field, read as a user does: by its label. */
export const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** Waits until the page's path is `pathname`. */
export async function expectPath(page: Page, pathname: string) {
  await page.waitForURL((url) => url.pathname === pathname, { timeout: 20_000, waitUntil: "commit" });
}

/** Fills the login form and submits it (the caller checks where it leads). */
export async function submitLogin(page: Page, email: string, password: string) {
  await field(page, "Email").fill(email);
  await field(page, "Password").fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

/** From a fresh context: /login, credentials, and the page the app lands on. */
export async function logIn(page: Page, user: Pick<KitUser, "email" | "password">, landing = "/dashboard") {
  await page.goto("/login");
  await submitLogin(page, user.email, user.password);
  await expectPath(page, landing);
}

/** A fresh context (see freshContext) signed in as `user` through the form, on `landing`. */
export async function signedIn(
  browser: Browser,
  user: Pick<KitUser, "email" | "password">,
  opts: ContextOptions = {},
  landing = "/dashboard",
): Promise<Made> {
  const made = await freshContext(browser, opts);
  made.context.setDefaultTimeout(20_000);
  await logIn(made.page, user, landing);
  return made;
}

/** Logs `user` in through the form once, in a throwaway context, and returns the session cookies. */
export async function sessionCookies(browser: Browser, user: KitUser): Promise<Cookie[]> {
  const { context, page, problems } = await newContext(browser);
  try {
    await logIn(page, user, user.companyId ? "/dashboard" : "/onboarding");
    if (problems.length > 0) throw new Error(`problems while logging in: ${problems.join("; ")}`);
    return await context.cookies();
  } finally {
    await context.close();
  }
}

/** A fresh context (see freshContext) that already carries a signed-in session's cookies. */
export async function signedInContext(
  browser: Browser,
  cookies: Cookie[],
  opts: ContextOptions = {},
): Promise<Made> {
  const made = await freshContext(browser, opts);
  await made.context.addCookies(cookies);
  return made;
}
