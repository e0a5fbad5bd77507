import { type ConnectedUser, connectedCompany, createUser, sendReminder } from "@recoup/api/testing";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { chromiumForFile, expectPath, logIn, stack, submitLogin } from "../browser.ts";
import { axeContext, describeViolations, seriousViolations } from "./axe.ts";
import { sandboxQuery, settle } from "./collections-helpers.ts";
import { remindableInvoices } from "./communications-helpers.ts";

/**
 * axe-core on every page, in light and in dark: no serious or critical violation. The signed-in
 * pages are checked with real data (a company synced with the sample QuickBooks company).
 */
const browser = chromiumForFile();
const themes = ["light", "dark"] as const;

let synced: ConnectedUser;
let pending: { email: string; password: string };
let customerRef: string;
/** Communications with a thread open whose customer replied ('Reply waiting'). */
let threadPage: string;

beforeAll(async () => {
  [synced, pending] = await Promise.all([
    connectedCompany(stack(), inject("quickbooksUrl"), { label: "axe" }),
    createUser(stack(), { label: "axe-onboarding" }),
  ]);
  const { QueryResponse } = await sandboxQuery<{
    QueryResponse: { Customer: { Id: string; Balance: number }[] };
  }>(synced.realmId, "select * from Customer where Balance > '0'");
  customerRef = QueryResponse.Customer[0]!.Id;
  const [target] = await remindableInvoices(synced);
  if (!target) throw new Error("no remindable invoice with an email address");
  const mail = await sendReminder(stack(), synced, target.invoiceId, {
    subject: `Invoice reminder ${Date.now().toString(36)}`,
  });
  await stack().mailbox.answer(mail.id, "reply");
  threadPage = `/communications?${new URLSearchParams({ invoice: target.invoiceId, customer: target.customerRef })}`;
});

async function check(page: Page, path: string, found: string[], theme: string) {
  await page.goto(path);
  await settle(page).catch((error: Error) => {
    throw new Error(`${path} (${theme}) did not settle: ${error.message}`);
  });
  found.push(...describeViolations(`${path} (${theme})`, await seriousViolations(page)));
}

/** axe on the page as it is now (a dialog open, edit mode): no navigation. */
async function checkState(page: Page, what: string, found: string[]) {
  await page.waitForTimeout(400);
  found.push(...describeViolations(what, await seriousViolations(page)));
}

/** The pages with wide tables, charts and threads, which a phone scrolls. */
const collectionPages = () => [
  "/dashboard",
  "/customers",
  `/customers/${customerRef}`,
  "/invoices",
  "/aging-report",
  "/communications",
  threadPage,
];

describe("accessibility (axe-core)", () => {
  it("collection pages and Email Templates have no serious or critical violations at 390 px (dark)", async () => {
    const { context, page } = await axeContext(browser(), "dark", 390);
    await logIn(page, synced);
    const found: string[] = [];
    for (const path of [...collectionPages(), "/email-templates"])
      await check(page, path, found, "dark, 390 px");
    await context.close();
    expect(found).toEqual([]);
  });

  for (const theme of themes) {
    it(`Email Templates, reminder states and Communications have no serious or critical violations (${theme})`, async () => {
      const { context, page } = await axeContext(browser(), theme);
      await logIn(page, synced);
      const found: string[] = [];
      await check(page, "/email-templates", found, theme);
      await page.getByRole("button", { name: "Edit Template" }).click();
      await page.getByRole("toolbar", { name: "Formatting" }).waitFor();
      await checkState(page, `/email-templates edit mode (${theme})`, found);
      await page.getByRole("button", { name: "Cancel", exact: true }).click();

      await page.getByRole("switch", { name: "Send reminders automatically" }).click();
      const confirm = page.getByRole("alertdialog", { name: "Turn on automatic reminders?" });
      await confirm.getByText(/will go out|No reminder is due/).waitFor();
      await checkState(page, `/email-templates enable confirmation (${theme})`, found);
      await confirm.getByRole("button", { name: "Cancel" }).click();

      await check(page, "/invoices?status=overdue", found, theme);
      await page
        .getByRole("button", { name: /^Reminders for invoice / })
        .first()
        .click();
      await page.getByRole("menuitem", { name: "Send reminder now" }).click();
      await page
        .getByRole("dialog", { name: "Send reminder now" })
        .getByLabel("Subject", { exact: true })
        .waitFor();
      await checkState(page, `/invoices send reminder dialog (${theme})`, found);
      await page.keyboard.press("Escape");

      await check(page, threadPage, found, theme);
      await page.getByRole("button", { name: "Show quoted text" }).click();
      await page.getByRole("button", { name: "Show formatted email" }).first().click();
      await checkState(page, `/communications thread, quoted text and formatted email (${theme})`, found);
      await page.getByRole("button", { name: "Start from template" }).click();
      await page.getByRole("region", { name: "Write to the customer" }).getByLabel("Subject").waitFor();
      await checkState(page, `/communications composer (${theme})`, found);

      await check(page, `/customers/${customerRef}`, found, theme);
      await page
        .getByRole("region", { name: "Reminders" })
        .getByRole("button", { name: "Pause reminders" })
        .click();
      await page.getByRole("dialog", { name: /^Pause reminders for / }).waitFor();
      await checkState(page, `/customers pause dialog (${theme})`, found);
      await context.close();
      expect(found).toEqual([]);
    });

    it(`public pages have no serious or critical violations (${theme})`, async () => {
      const { context, page } = await axeContext(browser(), theme);
      const found: string[] = [];
      for (const path of ["/login", "/signup", "/forgot-password", "/no-such-page"]) {
        await check(page, path, found, theme);
      }
      // Onboarding: a verified user who has not finished it.
      await page.goto("/login");
      await submitLogin(page, pending.email, pending.password);
      await expectPath(page, "/onboarding");
      await settle(page);
      found.push(...describeViolations(`/onboarding (${theme})`, await seriousViolations(page)));
      await context.close();
      expect(found).toEqual([]);
    });

    it(`signed-in pages have no serious or critical violations (${theme})`, async () => {
      const { context, page } = await axeContext(browser(), theme);
      await logIn(page, synced);
      const found: string[] = [];
      for (const path of [
        ...collectionPages(),
        "/account",
        "/billing",
        "/email-templates",
        "/integrations",
        "/no-such-page",
      ]) {
        await check(page, path, found, theme);
      }
      await context.close();
      expect(found).toEqual([]);
    });
  }
});
