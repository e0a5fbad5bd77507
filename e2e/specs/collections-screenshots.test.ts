import { mkdirSync } from "node:fs";
import { createUser, Mailbox } from "@recoup/api/testing/kit";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

import { launchBrowser, newContext } from "../browser.ts";
import {
  caller,
  createSyncedUser,
  logInAs,
  type SyncedUser,
  sandboxQuery,
  settle,
} from "./collections-helpers.ts";

/**
 * Screenshots of the collections pages (with the sample company's data, and before QuickBooks is
 * connected) for a person to review, in e2e/screenshots/ (git-ignored). Only with E2E_SCREENSHOTS=1.
 */
const enabled = process.env.E2E_SCREENSHOTS === "1";
const dir = new URL("../screenshots/", import.meta.url).pathname;
const VIEWPORT_HEIGHT = 860;

const variants = [
  { name: "light", colorScheme: "light", width: 1280 },
  { name: "dark", colorScheme: "dark", width: 1280 },
  { name: "mobile-light", colorScheme: "light", width: 390 },
  { name: "mobile-dark", colorScheme: "dark", width: 390 },
] as const;

let browser: Browser;
let synced: SyncedUser;
let unconnected: { email: string; password: string };
let customerRef: string;

beforeAll(async () => {
  if (!enabled) return;
  mkdirSync(dir, { recursive: true });
  browser = await launchBrowser();
  [synced, unconnected] = await Promise.all([
    createSyncedUser("shots", "Samira"),
    createUser(caller(), new Mailbox(inject("inboxUrl")), { label: "shots-empty" }),
  ]);
  const { QueryResponse } = await sandboxQuery<{ QueryResponse: { Customer: { Id: string }[] } }>(
    synced.realmId,
    "select * from Customer where Balance > '0'",
  );
  customerRef = QueryResponse.Customer[0]!.Id;
});
afterAll(async () => {
  await browser?.close();
});

/** The whole page: the viewport grows to the page's height, then comes back. */
async function shoot(page: Page, screen: string, variant: { name: string; width: number }) {
  await settle(page);
  const height = await page.evaluate(async () => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
    await document.fonts.ready;
    return document.documentElement.scrollHeight;
  });
  await page.setViewportSize({ width: variant.width, height: Math.max(VIEWPORT_HEIGHT, height) });
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${dir}${screen}-${variant.name}.png` });
  await page.setViewportSize({ width: variant.width, height: VIEWPORT_HEIGHT });
}

describe.skipIf(!enabled)("screenshots of the collections pages", () => {
  for (const variant of variants) {
    it(`${variant.name} (${variant.width} px)`, async () => {
      const { context, page, problems } = await newContext(browser, {
        colorScheme: variant.colorScheme,
        width: variant.width,
      });
      context.setDefaultTimeout(20_000);

      await logInAs(page, unconnected);
      await shoot(page, "dashboard-not-connected", variant);
      await context.clearCookies();

      await logInAs(page, synced);
      await shoot(page, "dashboard", variant);
      await page.goto("/customers");
      await shoot(page, "customers", variant);
      await page.goto(`/customers/${customerRef}`);
      await shoot(page, "customer-details", variant);
      await page.goto("/invoices?status=overdue");
      await shoot(page, "invoices", variant);
      await page.goto("/aging-report");
      await shoot(page, "aging-report", variant);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
