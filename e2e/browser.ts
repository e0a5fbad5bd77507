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

export interface Mail {
  id: string;
  from: string;
  to: string | string[];
  subject: string;
  text: string;
  html: string;
  date: string;
}

export const appUrl = () => inject("appUrl");

/** Reads the mail sandbox's JSON API until an email to `to` matching `subject` arrives. */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 15_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${inject("inboxUrl")}/api/messages?to=${encodeURIComponent(to)}`);
    const found = ((await res.json()) as Mail[]).find((m) => subject.test(m.subject));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no email to ${to} matching ${subject}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

export const codeFrom = (mail: Mail) => /(\d{6})/.exec(mail.subject)![1]!;

export const uniqueEmail = (label = "e2e") =>
  `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;

export const STRONG_PASSWORD = "Tr1cky&LimeOwl7";

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
