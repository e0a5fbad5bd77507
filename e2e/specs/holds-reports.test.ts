import { readFileSync } from "node:fs";
import { money } from "@recoup/api/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { chromiumForFile, signedIn } from "../browser.ts";
import { type SandboxInvoice, sampleForFile, settle, toCents, urlIs } from "./collections-helpers.ts";
import { expectTitle, gone, visible } from "./flows-helpers.ts";
import { dispute, ofDistinctCustomers, promise } from "./holds-reports-helpers.ts";

/**
 * Promises and disputes in the reports: 'Promised' and 'Disputed' on the dashboard, each linking to
 * its invoices, and the aging report with disputed invoices left out or shown apart (page and CSV).
 * Amounts are worked out from the QuickBooks sandbox's invoices.
 */
const browser = chromiumForFile();
const synced = sampleForFile("holds-reports", "Hana");
let promised: SandboxInvoice[];
let disputed: SandboxInvoice[];

beforeAll(async () => {
  // USD invoices (the home currency), so the dashboard's home amounts are their balances.
  const picked = ofDistinctCustomers(synced.open, "USD", 4);
  [promised, disputed] = [picked.slice(0, 2), picked.slice(2)];
  await promise(synced.user, promised, 5);
  await dispute(synced.user, disputed);
});

const cents = (invoices: SandboxInvoice[]) => invoices.reduce((n, i) => n + toCents(i.Balance), 0);

describe("promises and disputes in the reports", () => {
  it("Dashboard: Promised and Disputed beside overdue, each linking to its invoices", async () => {
    const { context, page, problems } = await signedIn(browser(), synced.user);
    await expectTitle(page, "Dashboard");
    await settle(page);
    for (const [hold, invoices] of [
      ["promised", promised],
      ["disputed", disputed],
    ] as const) {
      const card = page.locator(`[data-figure="${hold}"]`);
      expect(await card.getByTestId("figure-value").textContent()).toBe(money(cents(invoices), "USD"));
      await card.getByRole("link", { name: `2 ${hold} invoices` }).click();
      await expectTitle(page, "Invoices");
      await urlIs(page, `?hold=${hold}`);
      await page.goBack();
      await settle(page);
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it("Aging report: disputed invoices left out, or apart under the totals, in the page and the CSV", async () => {
    const { context, page, problems } = await signedIn(browser(), synced.user);
    await page.goto("/aging-report");
    await settle(page);
    const openUsd = cents(synced.open.filter((i) => i.CurrencyRef.value === "USD"));
    const usdTotal = page.locator('[data-testid="aging-total"]').filter({ hasText: "Total (USD)" });
    const disputedRow = page.locator('[data-testid="aging-disputed"]');
    await visible(usdTotal.getByText(money(openUsd, "USD"), { exact: true }));
    expect(await disputedRow.count()).toBe(0);

    const choice = page.getByRole("combobox", { name: "Disputed invoices" });
    await choice.selectOption({ label: "Show disputed apart" });
    await urlIs(page, "?disputed=apart");
    const kept = openUsd - cents(disputed);
    await visible(usdTotal.getByText(money(kept, "USD"), { exact: true }));
    await visible(disputedRow.filter({ hasText: "Disputed (USD)" }).filter({ hasText: "2 invoices" }));
    expect(await disputedRow.locator("td").last().textContent()).toBe(money(cents(disputed), "USD"));

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download CSV" }).click(),
    ]);
    const lines = readFileSync(await download.path(), "utf8")
      .trim()
      .split(/\r?\n/);
    const last = lines.at(-1)!.split(",");
    expect([last[0], last[1], last.at(-1)]).toEqual(["Disputed", "USD", (cents(disputed) / 100).toFixed(2)]);
    const total = lines.find((l) => l.startsWith("Total,USD,"))!.split(",");
    expect(total.at(-1)).toBe((kept / 100).toFixed(2));

    await choice.selectOption({ label: "Leave out disputed" });
    await urlIs(page, "?disputed=exclude");
    await gone(disputedRow);
    await visible(usdTotal.getByText(money(kept, "USD"), { exact: true }));
    expect(problems).toEqual([]);
    await context.close();
  });
});
