import { type ConnectedUser, connectedCompany } from "@recoup/api/testing";
import { apiPaths } from "@recoup/contracts";
import type { Locator } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { logIn, stack } from "../browser.ts";
import { sandboxQuery, settle } from "./collections-helpers.ts";
import {
  screenshotBrowser,
  screenshotDir,
  screenshotsEnabled,
  screenshotVariants,
  shoot,
  variantContext,
} from "./screenshots.ts";

/**
 * Screenshots of the reminder schedules (issue 18): the Email Templates page's section and its
 * editor with a stage's own email open, Customer Details' 'Reminder schedule', and the customers
 * list's column and filter, in e2e/screenshots/ (git-ignored). Only with E2E_SCREENSHOTS=1.
 */
const browser = screenshotBrowser();
let synced: ConnectedUser;
let tagged: string;

const firm = {
  name: "Firm",
  stages: [
    { timing: { kind: "before", days: 2 }, template: { type: "before_due_date" } },
    { timing: { kind: "on" }, template: { type: "on_due_date" } },
    {
      timing: { kind: "repeat", days: 3, every: 7 },
      template: {
        subject: "Invoice {invoice_number} is {days_overdue} days overdue",
        content: "<p>Hello {customer_name},</p><p>Please pay {invoice_amount} today: {payment_link}</p>",
      },
    },
    { timing: { kind: "final", days: 45 }, template: { type: "after_due_date" } },
  ],
};

beforeAll(async () => {
  if (!screenshotsEnabled) return;
  synced = await connectedCompany(stack(), inject("quickbooksUrl"), {
    label: "shots-schedules",
    firstName: "Selma",
  });
  const { QueryResponse } = await sandboxQuery<{ QueryResponse: { Customer: { Id: string }[] } }>(
    synced.realmId,
    "select * from Customer where Balance > '0'",
  );
  const [first, second, third] = QueryResponse.Customer.map((c) => c.Id);
  tagged = first!;
  const post = async (path: string, body: object) => {
    const res = await stack().call("POST", path, {
      token: synced.token,
      body: { companyId: synced.companyId, ...body },
    });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text}`);
    return res.json.data;
  };
  const made = await post(apiPaths.reminderSchedules.save, firm);
  await post(apiPaths.reminderSchedules.save, {
    name: "Gentle",
    stages: [{ timing: { kind: "after", days: 7 }, template: { type: "after_due_date" } }],
  });
  await post(apiPaths.reminderSchedules.assignTag, { tag: "slow payer", scheduleId: made.id });
  const tags = { realmId: synced.realmId, customerRef: tagged, tags: ["slow payer"] };
  await stack().call("POST", apiPaths.customers.editTags, { token: synced.token, body: tags });
  await post(apiPaths.reminderSchedules.assignCustomer, { customerRef: second, schedule: made.id });
  await post(apiPaths.reminderSchedules.assignCustomer, { customerRef: third, schedule: "none" });
});
/** One region of the page, as it is (the sticky site header kept out of it). */
async function shootRegion(region: Locator, screen: string, variant: { name: string }) {
  await region.page().addStyleTag({ content: "header.sticky { position: static !important; }" });
  await region.scrollIntoViewIfNeeded();
  await region.page().waitForTimeout(400);
  await region.screenshot({ path: `${screenshotDir}${screen}-${variant.name}.png` });
}

describe.skipIf(!screenshotsEnabled)("screenshots of the reminder schedules", () => {
  for (const variant of screenshotVariants) {
    it(`${variant.name} (${variant.width} px)`, async () => {
      const { context, page, problems } = await variantContext(browser(), variant);
      await logIn(page, synced);

      await page.goto("/email-templates");
      await settle(page);
      const section = page.getByRole("region", { name: "Reminder schedules" });
      await section.getByRole("button", { name: "History of Firm" }).click();
      await section.getByRole("list", { name: "Changes to Firm" }).waitFor();
      await shootRegion(section, "schedules", variant);

      await section.getByRole("button", { name: "Edit Firm" }).click();
      await section
        .getByRole("group", { name: "Stage 3" })
        .getByRole("button", { name: "Edit email" })
        .click();
      await section.getByTestId("preview-subject").waitFor();
      await settle(page);
      await shootRegion(section, "schedules-editor", variant);
      await section.getByRole("button", { name: "Save schedule" }).click();
      await page
        .getByRole("alertdialog")
        .getByText(/This change touches/)
        .waitFor();
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${screenshotDir}schedules-impact-${variant.name}.png` });
      await page.getByRole("button", { name: "Cancel", exact: true }).click();

      await page.goto(`/customers/${tagged}`);
      await settle(page);
      await shoot(page, "customer-details-schedule", variant);
      await page.goto("/customers");
      await settle(page);
      await shoot(page, "customers-schedule", variant);
      await page.goto("/customers?schedule=none");
      await settle(page);
      await shoot(page, "customers-schedule-filter", variant);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
