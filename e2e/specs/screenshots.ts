/**
 * What the opt-in screenshot specs share: they run only with E2E_SCREENSHOTS=1 and write PNGs to
 * e2e/screenshots/ (git-ignored), in light and dark, at desktop and phone widths.
 */
import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { launchBrowser, logIn, newContext } from "../browser.ts";

export const screenshotsEnabled = process.env.E2E_SCREENSHOTS === "1";
export const screenshotDir = new URL("../screenshots/", import.meta.url).pathname;
/** newContext's viewport height. */
const VIEWPORT_HEIGHT = 860;

export const screenshotVariants = [
  { name: "light", colorScheme: "light", width: 1280 },
  { name: "dark", colorScheme: "dark", width: 1280 },
  { name: "mobile-light", colorScheme: "light", width: 390 },
  { name: "mobile-dark", colorScheme: "dark", width: 390 },
] as const;

export function makeScreenshotDir() {
  mkdirSync(screenshotDir, { recursive: true });
}

/**
 * The whole page: the viewport grows to the page's height (rather than a full-page capture, which
 * leaves off-screen sandboxed frames such as the signature preview unpainted), then comes back.
 */
export async function shoot(page: Page, screen: string, variant: { name: string; width: number }) {
  const height = await page.evaluate(async () => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
    await document.fonts.ready;
    return document.documentElement.scrollHeight;
  });
  await page.setViewportSize({ width: variant.width, height: Math.max(VIEWPORT_HEIGHT, height) });
  // Let layout, images, frames and transitions settle.
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${screenshotDir}${screen}-${variant.name}.png` });
  await page.setViewportSize({ width: variant.width, height: VIEWPORT_HEIGHT });
}

/** A fresh context in the variant's colour scheme and width, waiting up to 20 s for anything. */
export async function variantContext(
  browser: Browser,
  variant: { colorScheme: "light" | "dark"; width: number },
) {
  const made = await newContext(browser, { colorScheme: variant.colorScheme, width: variant.width });
  made.context.setDefaultTimeout(20_000);
  return made;
}

/** Chromium for a screenshot spec (and the folder for its PNGs), only when screenshots are on. */
export function screenshotBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    if (!screenshotsEnabled) return;
    makeScreenshotDir();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => browser!;
}

/**
 * One test per variant, only when screenshots are on: a fresh context, `user()` signed in, then
 * `shots` takes the variant's screenshots; the page must log no problems.
 */
export function screenshotEachVariant(
  title: string,
  user: () => Parameters<typeof logIn>[1],
  shots: (page: Page, variant: (typeof screenshotVariants)[number]) => Promise<void>,
) {
  const browser = screenshotBrowser();
  describe.skipIf(!screenshotsEnabled)(title, () => {
    for (const variant of screenshotVariants) {
      it(`${variant.name} (${variant.width} px)`, async () => {
        const { context, page, problems } = await variantContext(browser(), variant);
        await logIn(page, user());
        await shots(page, variant);
        expect(problems).toEqual([]);
        await context.close();
      });
    }
  });
}
