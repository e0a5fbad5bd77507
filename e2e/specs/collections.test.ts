import { createUser, Mailbox, SAMPLE_REALM } from "@recoup/api/testing/kit";
import { AGING_CSV_HEADER } from "@recoup/contracts";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";

import { chromiumForFile, newContext } from "../browser.ts";
import {
  caller,
  createSyncedUser,
  logInAs,
  money,
  type SandboxInvoice,
  type SyncedUser,
  sandboxInvoices,
  settle,
  toCents,
  todayUtc,
} from "./collections-helpers.ts";
import { expectPath, expectTitle, toast, visible } from "./flows-helpers.ts";

/**
 * The collections pages against a company synced with the sample QuickBooks company. Figures are
 * checked against the sandbox's own records (its Accounting API), not against Recoup's API.
 */
const browser = chromiumForFile();

let user: SyncedUser;
let invoices: SandboxInvoice[];
/** Open invoices (a balance left), and those past due today. */
let open: SandboxInvoice[];
let overdue: SandboxInvoice[];

beforeAll(async () => {
  user = await createSyncedUser("collections", "Cora");
  invoices = await sandboxInvoices(user.realmId);
  open = invoices.filter((i) => i.Balance > 0);
  overdue = open.filter((i) => i.DueDate < todayUtc());
});

async function signedIn(opts: { width?: number } = {}) {
  const made = await newContext(browser(), opts);
  made.context.setDefaultTimeout(20_000);
  await logInAs(made.page, user);
  return made;
}

const search = (page: Page) => new URL(page.url()).search;
const urlIs = (page: Page, expected: string) =>
  expect.poll(() => search(page), { timeout: 10_000 }).toBe(expected);
const pageLabel = (page: Page, x: number, y: number) => page.getByText(`Page ${x} of ${y}`, { exact: true });
const bodyRows = (page: Page) => page.locator("tbody tr");
const cellTexts = (page: Page, column: number) =>
  bodyRows(page).evaluateAll((rows, i) => rows.map((r) => r.children[i]?.textContent?.trim() ?? ""), column);

/** The open balance of one customer's invoices, by the sandbox, in cents. */
const openCentsOf = (customerId: string) =>
  open.filter((i) => i.CustomerRef.value === customerId).reduce((sum, i) => sum + toCents(i.Balance), 0);

describe("collections pages", () => {
  it("before QuickBooks: says to connect it, then shows the import and the data once connected", async () => {
    const fresh = await createUser(caller(), new Mailbox(inject("inboxUrl")), { label: "first-sync" });
    const { context, page, problems } = await newContext(browser());
    context.setDefaultTimeout(20_000);
    await logInAs(page, fresh);
    for (const path of ["/customers", "/invoices", "/aging-report", "/dashboard"]) {
      await page.goto(path);
      await visible(page.getByRole("heading", { name: /^Connect QuickBooks to see your/ }));
    }
    await page.getByRole("link", { name: "Go to Integrations" }).click();
    await expectPath(page, "/integrations");

    // Intuit's consent page (the sandbox's): the sample company, then back through the callback.
    await page.getByRole("button", { name: "Connect QuickBooks", exact: true }).click();
    await page.waitForURL((url) => url.href.startsWith(inject("quickbooksUrl")));
    await page.locator('input[name="user"]').first().check();
    await page.locator(`input[name="realmId"][value="${SAMPLE_REALM}"]`).check();
    await page.getByRole("button", { name: "Connect", exact: true }).click();
    await expectPath(page, "/integrations");

    // The dashboard shows the first import's progress while it runs, then the figures.
    await page.goto("/dashboard");
    const importing = page.getByRole("heading", { name: "Your QuickBooks data is being imported" });
    const figures = page.locator('[data-figure="overdueInvoices"] [data-testid="figure-value"]');
    await visible(importing.or(figures));
    await visible(figures, 45_000);
    expect(await figures.textContent()).toBe(String(overdue.length));
    expect(problems).toEqual([]);
    await context.close();
  });

  it("Dashboard shows the sample company's counts, formulas and converted currencies", async () => {
    const { context, page, problems } = await signedIn();
    await expectTitle(page, "Dashboard");
    await settle(page);
    const figure = (key: string) => page.locator(`[data-figure="${key}"] [data-testid="figure-value"]`);
    expect(await figure("overdueInvoices").textContent()).toBe(String(overdue.length));
    await visible(page.getByText(`${open.length} open invoices`, { exact: true }));
    // CEI and DSO show how they are worked out.
    await visible(page.getByText(/= \(beginning receivables \+ invoiced − ending receivables\)/));
    await visible(page.getByText(/= receivables now ÷ invoiced in the last 90 days × 90/));
    // The sample company bills in CAD, EUR and GBP besides its home currency USD.
    await visible(page.getByText(/Amounts in CAD, EUR, and GBP were converted into USD/));
    await visible(page.getByRole("heading", { name: "Aging", exact: true }));
    // The most overdue customers link to their pages.
    const first = page.getByRole("region", { name: "Most overdue customers" }).getByRole("link").first();
    const name = await first.textContent();
    await first.click();
    await expectTitle(page, "Customer Details");
    await visible(page.getByRole("heading", { level: 1, name: name ?? "" }));
    expect(problems).toEqual([]);
    await context.close();
  });

  it("Customers: figures match QuickBooks; sort, search and page live in the URL", async () => {
    const { context, page, problems } = await signedIn();
    await page.goto("/customers");
    await settle(page);
    const withBalance = new Set(open.map((i) => i.CustomerRef.value));
    await visible(page.getByText(`${withBalance.size} customers`, { exact: true }));

    // Outstanding per customer (sorted by it, largest first) against the sandbox's invoices.
    const outstanding = page.getByRole("columnheader", { name: "Outstanding" });
    await expect.poll(() => outstanding.getAttribute("aria-sort")).toBe("descending");
    const top = [...withBalance]
      .map((id) => ({
        id,
        cents: openCentsOf(id),
        currency: open.find((i) => i.CustomerRef.value === id)!.CurrencyRef.value,
      }))
      .sort((a, b) => b.cents - a.cents)[0]!;
    expect((await cellTexts(page, 3))[0]).toBe(money(top.cents, top.currency));

    // Sort by name: a new history entry; reload keeps it; Back returns to the default.
    await page.getByRole("button", { name: "Name", exact: true }).click();
    await urlIs(page, "?sort=name&order=asc");
    await settle(page);
    const names = await cellTexts(page, 0);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    await expect
      .poll(() => page.getByRole("columnheader", { name: "Name" }).getAttribute("aria-sort"))
      .toBe("ascending");
    await page.getByRole("button", { name: "Name", exact: true }).click();
    await urlIs(page, "?sort=name&order=desc");
    await page.reload();
    await settle(page);
    await expect
      .poll(() => page.getByRole("columnheader", { name: "Name" }).getAttribute("aria-sort"))
      .toBe("descending");
    await page.goBack();
    await urlIs(page, "?sort=name&order=asc");

    // Pages: Next, reload, Back; a bigger page size goes back to page 1.
    await page.getByRole("button", { name: "Next page" }).click();
    await urlIs(page, "?sort=name&order=asc&page=2");
    await visible(pageLabel(page, 2, 3));
    await page.reload();
    await visible(pageLabel(page, 2, 3));
    await page.goBack();
    await visible(pageLabel(page, 1, 3));
    await page.getByLabel("Rows per page").selectOption("25");
    await urlIs(page, "?sort=name&order=asc&size=25");
    await visible(pageLabel(page, 1, 1));

    // Search (debounced): one customer, and the box still says it after a reload.
    const target = open.find((i) => i.CustomerRef.value === top.id)!.CustomerRef.name;
    await page.getByLabel("Search customers").fill(target);
    await urlIs(page, `?sort=name&order=asc&${new URLSearchParams({ q: target })}&size=25`);
    await visible(page.getByText("1 customer", { exact: true }));
    await page.reload();
    expect(await page.getByLabel("Search customers").inputValue()).toBe(target);
    await page.getByRole("link", { name: target, exact: true }).click();
    await expectTitle(page, "Customer Details");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("Invoices: the status filter counts match QuickBooks; Pull from QuickBooks shows its progress", async () => {
    const { context, page, problems } = await signedIn();
    await page.goto("/invoices");
    await settle(page);
    await visible(page.getByText(`${invoices.length} invoices`, { exact: true }));
    await page.getByRole("button", { name: "Overdue", exact: true }).click();
    await urlIs(page, "?status=overdue");
    await visible(page.getByText(`${overdue.length} invoices`, { exact: true }));
    await expect
      .poll(() => page.getByRole("button", { name: "Overdue", exact: true }).getAttribute("aria-pressed"))
      .toBe("true");
    await page.getByRole("button", { name: "Unpaid", exact: true }).click();
    await visible(page.getByText(`${open.length} invoices`, { exact: true }));

    // One invoice, found by its number, with the sandbox's amounts.
    const sample = overdue[0]!;
    await page.getByLabel("Search invoices").fill(sample.DocNumber!);
    await visible(page.getByText("1 invoice", { exact: true }));
    const row = bodyRows(page).first();
    await visible(
      row.getByText(money(toCents(sample.TotalAmt), sample.CurrencyRef.value), { exact: true }).first(),
    );
    await visible(row.getByText("Overdue", { exact: true }));
    await page.reload();
    await visible(page.getByText("1 invoice", { exact: true }));
    await page.goBack();
    await urlIs(page, "?status=unpaid");

    // From the keyboard: a sortable header is a button; Enter sorts, biggest total first.
    await page.getByRole("button", { name: "Total", exact: true }).focus();
    await page.keyboard.press("Enter");
    await urlIs(page, "?sort=total&order=desc&status=unpaid");
    await expect
      .poll(() => page.getByRole("columnheader", { name: "Total" }).getAttribute("aria-sort"))
      .toBe("descending");

    await page.getByRole("button", { name: "Pull from QuickBooks" }).click();
    await visible(page.getByRole("button", { name: "Pulling..." }));
    await visible(toast(page, "Pulling the latest data from QuickBooks…"));
    await visible(page.getByRole("button", { name: "Pull from QuickBooks" }), 45_000);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("Aging report: the totals row per currency matches QuickBooks, and the CSV downloads with it", async () => {
    const { context, page, problems } = await signedIn();
    await page.goto("/aging-report");
    await settle(page);
    const byCurrency = new Map<string, number>();
    for (const i of open)
      byCurrency.set(i.CurrencyRef.value, (byCurrency.get(i.CurrencyRef.value) ?? 0) + toCents(i.Balance));
    const totals = page.locator('[data-testid="aging-total"]');
    expect(await totals.count()).toBe(byCurrency.size);
    for (const [currency, cents] of byCurrency) {
      await visible(
        totals.filter({ hasText: `Total (${currency})` }).getByText(money(cents, currency), { exact: true }),
      );
    }
    // Still there on the last page.
    await page.getByRole("button", { name: "Last page" }).click();
    expect(await totals.count()).toBe(byCurrency.size);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download CSV" }).click(),
    ]);
    const path = await download.path();
    const { readFileSync } = await import("node:fs");
    const lines = readFileSync(path, "utf8").trim().split(/\r?\n/);
    expect(lines[0]).toBe(AGING_CSV_HEADER.join(","));
    for (const [currency, cents] of byCurrency) {
      const line = lines.find((l) => l.startsWith("Total") && l.includes(`,${currency},`));
      expect(line, `a Total line for ${currency}`).toBeDefined();
      expect(line!.split(",").at(-1)).toBe((cents / 100).toFixed(2));
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it("Customer Details: balances match QuickBooks; the note, notes and tags persist after a reload", async () => {
    const { context, page, problems } = await signedIn({ width: 390 });
    const sample = overdue[0]!;
    const ref = sample.CustomerRef.value;
    await page.goto(`/customers/${ref}`);
    await settle(page);
    await visible(page.getByRole("heading", { level: 1, name: sample.CustomerRef.name }));
    const balances = page.getByRole("region", { name: "Balances" });
    await visible(
      balances.getByText(money(openCentsOf(ref), sample.CurrencyRef.value), { exact: true }).first(),
    );
    await visible(page.getByRole("table", { name: "Open invoices" }).getByText(`#${sample.DocNumber}`));

    // The customer note.
    await page.getByRole("button", { name: "Edit note" }).click();
    await page.getByRole("textbox", { name: "Customer note" }).fill("Pays on the 1st of the month.");
    await page.getByRole("button", { name: "Save note" }).click();
    await visible(toast(page, "Customer note saved"));

    // Tags: add two, remove one.
    await page.getByLabel("New tag").fill("VIP");
    await page.getByRole("button", { name: "Add tag" }).click();
    await visible(page.getByRole("button", { name: "Remove tag VIP" }));
    await page.getByLabel("New tag").fill("Slow payer");
    await page.getByLabel("New tag").press("Enter");
    await visible(page.getByRole("button", { name: "Remove tag Slow payer" }));
    await page.getByRole("button", { name: "Remove tag VIP" }).click();
    await page.getByRole("button", { name: "Remove tag VIP" }).waitFor({ state: "detached" });

    // Notes: add two, edit one, delete the other; each shows its author.
    const addNote = async (text: string) => {
      await page.getByLabel("Add a note").fill(text);
      await page.getByRole("button", { name: "Add note" }).click();
      await visible(page.getByTestId("note").filter({ hasText: text }));
    };
    await addNote("Called, promised to pay Friday.");
    await addNote("Sent a statement.");
    const first = page.getByTestId("note").filter({ hasText: "Called, promised to pay Friday." });
    await visible(first.getByText(user.name));
    await first.getByRole("button", { name: "Edit" }).click();
    // Only one note is being edited: its field and its Save.
    await page.getByRole("textbox", { name: "Edit note" }).fill("Called, promised to pay Monday.");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await visible(page.getByTestId("note").filter({ hasText: "Called, promised to pay Monday." }));
    const second = page.getByTestId("note").filter({ hasText: "Sent a statement." });
    await second.getByRole("button", { name: "Delete" }).click();
    await second.getByRole("button", { name: "Delete note" }).click();
    await second.waitFor({ state: "detached" });

    await page.reload();
    await settle(page);
    await visible(page.getByTestId("customer-note").getByText("Pays on the 1st of the month."));
    await visible(page.getByRole("button", { name: "Remove tag Slow payer" }));
    expect(await page.getByRole("button", { name: "Remove tag VIP" }).count()).toBe(0);
    await visible(page.getByTestId("note").filter({ hasText: "Called, promised to pay Monday." }));
    expect(await page.getByTestId("note").filter({ hasText: "Sent a statement." }).count()).toBe(0);
    expect(await page.getByTestId("note").count()).toBe(1);

    // The tag shows in the customer list too.
    await page.goto(`/customers?q=${encodeURIComponent(sample.CustomerRef.name)}`);
    await visible(page.getByRole("row").filter({ hasText: sample.CustomerRef.name }).getByText("Slow payer"));
    expect(problems).toEqual([]);
    await context.close();
  });
});
