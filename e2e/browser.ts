import {
  codeFrom,
  httpCaller,
  Mailbox,
  type MailMessage,
  STRONG_PASSWORD,
  uniqueEmail,
} from "@recoup/api/testing/kit";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";

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

export type Mail = MailMessage;

export const appUrl = () => inject("appUrl");
/** The test kit's view of the running stack: API calls over HTTP and the mail sandbox's inbox. */
export const api = () => httpCaller(appUrl());
export const mailbox = () => new Mailbox(inject("inboxUrl"));

/** Reads the mail sandbox's JSON API until an email to `to` matching `subject` arrives. */
export const waitForMail = (to: string, subject: RegExp, timeoutMs = 15_000): Promise<Mail> =>
  mailbox().waitFor(to, subject, { timeoutMs });

export { codeFrom, STRONG_PASSWORD, uniqueEmail };

/** A fresh browser context (no cookies), collecting page errors and CSP violations. */
export async function newContext(
  browser: Browser,
  opts: { colorScheme?: "light" | "dark"; width?: number } = {},
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
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
