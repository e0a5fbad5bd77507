import { money } from "@recoup/api/testing";
import { AGING_CSV_HEADER } from "@recoup/contracts";
import { describe, expect, it } from "vitest";
import { chromiumForFile, signedIn } from "../browser.ts";
import { bodyRows, openCentsOf, sampleForFile, settle, toCents, urlIs } from "./collections-helpers.ts";
import { toast, visible } from "./flows-helpers.ts";

/**
 * The collections pages against a company synced with the sample QuickBooks company. Figures are
 * checked against the sandbox's own records (its Accounting API), not against Recoup's API.
 * Invoices, the aging report and a customer's details; the others: collections.test.ts.
 */
const browser = chromiumForFile();

/** The company, its user, and the sample company's invoices: all, open (a balance left), past due today. */
const synced = sampleForFile("collections-details", "Cora");

describe("collections pages", () => {
  it("Invoices: the status filter counts match QuickBooks; Pull from QuickBooks shows its progress", async () => {
    const { context, page, problems } = await signedIn(browser(), synced.user);
    await page.goto("/invoices");
    await settle(page);
    await visible(page.getByText(`${synced.invoices.length} invoices`, { exact: true }));
    await page.getByRole("button", { name: "Overdue", exact: true }).click();
    await urlIs(page, "?status=overdue");
    await visible(page.getByText(`${synced.overdue.length} invoices`, { exact: true }));
    await expect
      .poll(() => page.getByRole("button", { name: "Overdue", exact: true }).getAttribute("aria-pressed"))
      .toBe("true");
    await page.getByRole("button", { name: "Unpaid", exact: true }).click();
    await visible(page.getByText(`${synced.open.length} invoices`, { exact: true }));

    // One invoice, found by its number, with the sandbox's amounts.
    const sample = synced.overdue[0]!;
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
    const { context, page, problems } = await signedIn(browser(), synced.user);
    await page.goto("/aging-report");
    await settle(page);
    const byCurrency = new Map<string, number>();
    for (const i of synced.open)
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
    const { context, page, problems } = await signedIn(browser(), synced.user, { width: 390 });
    const sample = synced.overdue[0]!;
    const ref = sample.CustomerRef.value;
    await page.goto(`/customers/${ref}`);
    await settle(page);
    await visible(page.getByRole("heading", { level: 1, name: sample.CustomerRef.name }));
    const balances = page.getByRole("region", { name: "Balances" });
    await visible(
      balances
        .getByText(money(openCentsOf(synced.open, ref), sample.CurrencyRef.value), { exact: true })
        .first(),
    );
    await visible(page.getByRole("table", { name: "Open invoices" }).getByText(`#${sample.DocNumber}`));

    // The customer note.
    await page.getByRole("button", { name: "Edit note" }).click();
    await page.getByRole("textbox", { name: "Customer note" }).fill("Pays on the 1st of the month.");
    await page.getByRole("button", { name: "Save note" }).click();
    await visible(toast(page, "Customer note saved"));

    // Tags: add two, remove one. The second is typed while the first is still being saved (held
    // back a moment here): the first save's end leaves it in the field, and Enter adds it.
    await page.route("**/edit-customer-tags", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.getByLabel("New tag").fill("VIP");
    await page.getByRole("button", { name: "Add tag" }).click();
    await page.getByLabel("New tag").fill("Slow payer");
    await visible(page.getByRole("button", { name: "Remove tag VIP" }));
    await page.unroute("**/edit-customer-tags");
    await page.locator("button:enabled", { hasText: "Add tag" }).waitFor({ timeout: 20_000 });
    expect(await page.getByLabel("New tag").inputValue()).toBe("Slow payer");
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
    await visible(first.getByText(synced.user.name));
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
