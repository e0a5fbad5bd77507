import { type ConnectedUser, connectedCompany, createCompany } from "@recoup/api/testing";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, logIn, stack } from "../browser.ts";
import { sandboxQuery, settle } from "./collections-helpers.ts";
import {
  makeScreenshotDir,
  screenshotsEnabled,
  screenshotVariants,
  shoot,
  variantContext,
} from "./screenshots.ts";

/**
 * Screenshots of the collections pages (with the sample company's data, and before QuickBooks is
 * connected) for a person to review, in e2e/screenshots/ (git-ignored). Only with E2E_SCREENSHOTS=1.
 */
let browser: Browser;
let synced: ConnectedUser;
let unconnected: { email: string; password: string };
let customerRef: string;

beforeAll(async () => {
  if (!screenshotsEnabled) return;
  makeScreenshotDir();
  browser = await launchBrowser();
  [synced, unconnected] = await Promise.all([
    connectedCompany(stack(), inject("quickbooksUrl"), { label: "shots", firstName: "Samira" }),
    createCompany(stack(), { label: "shots-empty" }),
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

/** Once nothing is loading, the whole page. */
async function settledShot(page: Page, screen: string, variant: { name: string; width: number }) {
  await settle(page);
  await shoot(page, screen, variant);
}

describe.skipIf(!screenshotsEnabled)("screenshots of the collections pages", () => {
  for (const variant of screenshotVariants) {
    it(`${variant.name} (${variant.width} px)`, async () => {
      const { context, page, problems } = await variantContext(browser, variant);

      await logIn(page, unconnected);
      await settledShot(page, "dashboard-not-connected", variant);
      await context.clearCookies();

      await logIn(page, synced);
      await settledShot(page, "dashboard", variant);
      await page.goto("/customers");
      await settledShot(page, "customers", variant);
      await page.goto(`/customers/${customerRef}`);
      await settledShot(page, "customer-details", variant);
      await page.goto("/invoices?status=overdue");
      await settledShot(page, "invoices", variant);
      await page.goto("/aging-report");
      await settledShot(page, "aging-report", variant);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
