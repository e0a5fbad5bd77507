import { type ConnectedUser, connectedCompany } from "@recoup/api/testing";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, logIn, stack } from "../browser.ts";
import { sandboxQuery, settle } from "./collections-helpers.ts";
import {
  makeScreenshotDir,
  screenshotDir,
  screenshotsEnabled,
  screenshotVariants,
  shoot,
  variantContext,
} from "./screenshots.ts";

/**
 * Screenshots of the Email Templates page (view and edit mode, the confirmation of automatic
 * reminders), of Customer Details and Invoices with their reminder actions and columns, and of
 * 'Send reminder now', for a person to review, in e2e/screenshots/ (git-ignored). Only with
 * E2E_SCREENSHOTS=1.
 */
let browser: Browser;
let synced: ConnectedUser;
let customerRef: string;

beforeAll(async () => {
  if (!screenshotsEnabled) return;
  makeScreenshotDir();
  browser = await launchBrowser();
  synced = await connectedCompany(stack(), inject("quickbooksUrl"), {
    label: "shots-templates",
    firstName: "Tamsin",
  });
  const { QueryResponse } = await sandboxQuery<{ QueryResponse: { Customer: { Id: string }[] } }>(
    synced.realmId,
    "select * from Customer where Balance > '0'",
  );
  customerRef = QueryResponse.Customer[0]!.Id;
});
afterAll(async () => {
  await browser?.close();
});

/** The viewport as it is (a dialog over the page). */
const viewportShot = (page: Page, screen: string, variant: { name: string }) =>
  page
    .waitForTimeout(400)
    .then(() => page.screenshot({ path: `${screenshotDir}${screen}-${variant.name}.png` }));

describe.skipIf(!screenshotsEnabled)("screenshots of the Email Templates page", () => {
  for (const variant of screenshotVariants) {
    it(`${variant.name} (${variant.width} px)`, async () => {
      const { context, page, problems } = await variantContext(browser, variant);
      await logIn(page, synced);

      await page.goto("/email-templates");
      await settle(page);
      await shoot(page, "email-templates", variant);
      await page.getByRole("button", { name: "Edit Template" }).click();
      await settle(page);
      await shoot(page, "email-templates-edit", variant);
      await page.getByRole("button", { name: "Cancel", exact: true }).click();

      await page.getByRole("switch", { name: "Send reminders automatically" }).click();
      await page.getByText(/will go out|No reminder is due/).waitFor();
      await viewportShot(page, "email-templates-enable", variant);
      await page.getByRole("button", { name: "Cancel", exact: true }).click();

      await page.goto(`/customers/${customerRef}`);
      await settle(page);
      await shoot(page, "customer-details-reminders", variant);
      await page.goto("/invoices?status=overdue");
      await settle(page);
      await shoot(page, "invoices-reminders", variant);
      await page
        .getByRole("button", { name: /^Reminders for invoice / })
        .first()
        .click();
      await page.getByRole("menuitem", { name: "Send reminder now" }).click();
      await page.getByRole("dialog").getByLabel("Subject", { exact: true }).waitFor();
      await viewportShot(page, "send-reminder", variant);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
