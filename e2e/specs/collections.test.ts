import { createCompany, money, SAMPLE_REALM } from "@recoup/api/testing";
import { describe, expect, inject, it } from "vitest";
import { chromiumForFile, expectPath, logIn, newContext, signedIn, stack } from "../browser.ts";
import { cellTexts, openCentsOf, pageLabel, sampleForFile, settle, urlIs } from "./collections-helpers.ts";
import { expectTitle, visible } from "./flows-helpers.ts";

/**
 * The collections pages against a company synced with the sample QuickBooks company. Figures are
 * checked against the sandbox's own records (its Accounting API), not against Recoup's API.
 * Before the first sync, the Dashboard and Customers; the other pages: collections-details.test.ts.
 */
const browser = chromiumForFile();

/** The company, its user, and the sample company's invoices: all, open (a balance left), past due today. */
const synced = sampleForFile("collections", "Cora");

describe("collections pages", () => {
  it("before QuickBooks: says to connect it, then shows the import and the data once connected", async () => {
    const fresh = await createCompany(stack(), { label: "first-sync" });
    const { context, page, problems } = await newContext(browser());
    context.setDefaultTimeout(20_000);
    await logIn(page, fresh);
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
    expect(await figures.textContent()).toBe(String(synced.overdue.length));
    expect(problems).toEqual([]);
    await context.close();
  });

  it("Dashboard shows the sample company's counts, formulas and converted currencies", async () => {
    const { context, page, problems } = await signedIn(browser(), synced.user);
    await expectTitle(page, "Dashboard");
    await settle(page);
    const figure = (key: string) => page.locator(`[data-figure="${key}"] [data-testid="figure-value"]`);
    expect(await figure("overdueInvoices").textContent()).toBe(String(synced.overdue.length));
    await visible(page.getByText(`${synced.open.length} open invoices`, { exact: true }));
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
    const { context, page, problems } = await signedIn(browser(), synced.user);
    await page.goto("/customers");
    await settle(page);
    const withBalance = new Set(synced.open.map((i) => i.CustomerRef.value));
    await visible(page.getByText(`${withBalance.size} customers`, { exact: true }));

    // Outstanding per customer (sorted by it, largest first) against the sandbox's invoices.
    const outstanding = page.getByRole("columnheader", { name: "Outstanding" });
    await expect.poll(() => outstanding.getAttribute("aria-sort")).toBe("descending");
    const top = [...withBalance]
      .map((id) => ({
        id,
        cents: openCentsOf(synced.open, id),
        currency: synced.open.find((i) => i.CustomerRef.value === id)!.CurrencyRef.value,
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
    const target = synced.open.find((i) => i.CustomerRef.value === top.id)!.CustomerRef.name;
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
});
