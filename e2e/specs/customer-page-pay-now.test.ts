import { until } from "@recoup/api/testing";
import { apiPaths, errorCodes } from "@recoup/contracts";
import { describe, expect, it } from "vitest";
import { chromiumForFile, freshContext, signedIn, stack } from "../browser.ts";
import { settle } from "./collections-helpers.ts";
import { invoiceArticle, remindedCustomerForFile } from "./customer-page-helpers.ts";
import { visible } from "./flows-helpers.ts";

/**
 * 'Pay now' as a customer does it: from the customer page to QuickBooks' own payment page (the
 * QuickBooks sandbox's, in a new tab), a test card, then the sync the company's user asks for; the
 * page then lists the invoice as paid, and Recoup plans no reminder for it.
 */
const browser = chromiumForFile();
const customer = remindedCustomerForFile(browser, { label: "paynow", firstName: "Paige" }, (open) =>
  open.find((inv) => inv.payUrl),
);
const get = (path: string, query: Record<string, string>) =>
  stack().call("GET", `${path}?${new URLSearchParams({ companyId: customer.user.companyId, ...query })}`, {
    token: customer.user.token,
  });

describe("'Pay now' on the customer page", () => {
  it("pays on QuickBooks' page with 4242; after the sync the page shows the invoice paid and no reminder is planned for it", async () => {
    const invoice = customer.expected.find((inv) => inv.id === customer.target.invoiceId)!;
    const { context, page, problems } = await freshContext(browser(), { width: 390 });
    context.setDefaultTimeout(20_000);
    await page.goto(customer.link);
    await settle(page);

    const [quickbooks] = await Promise.all([
      context.waitForEvent("page"),
      invoiceArticle(page, invoice.number)
        .getByRole("link", { name: /^Pay now/ })
        .click(),
    ]);
    await quickbooks.waitForLoadState();
    expect(new URL(quickbooks.url()).pathname).toMatch(/^\/t\/scs-v1-/);
    await quickbooks.getByLabel("Card number").fill("4242 4242 4242 4242");
    await quickbooks.getByLabel("Expiry (MM/YY)").fill("12/30");
    await quickbooks.getByLabel("Security code (CVC)").fill("123");
    await quickbooks.getByLabel("Name on card (optional)").fill("Pat Payer");
    await quickbooks.getByRole("button", { name: /^Pay / }).click();
    await visible(quickbooks.getByText(/This invoice was paid in full/));
    await quickbooks.close();

    // The company's user pulls from QuickBooks (the payment's webhook may have started a sync already).
    const app = await signedIn(browser(), customer.user);
    await app.page.goto("/invoices");
    await app.page.getByRole("button", { name: "Pull from QuickBooks" }).click();

    const paid = page.getByRole("region", { name: "Paid" });
    await until(
      async () => {
        await page.reload();
        await settle(page);
        return (await paid.getByText(`Invoice ${invoice.number}`, { exact: true }).count()) === 1;
      },
      60_000,
      { what: "the invoice listed paid on the customer page", intervalMs: 1_000 },
    );
    expect(await invoiceArticle(page, invoice.number).count()).toBe(0);
    expect(problems).toEqual([]);
    await app.context.close();
    await context.close();

    // No further reminder: none planned, and none can be sent by hand.
    const upcoming = await get(apiPaths.reminders.upcoming, { limit: "500" });
    expect(upcoming.status).toBe(200);
    expect(JSON.stringify(upcoming.json.data)).not.toContain(`"invoiceId":"${invoice.id}"`);
    const draft = await get(apiPaths.reminders.draft, { invoiceId: invoice.id });
    expect(draft.status).toBe(409);
    expect(draft.json.error.code).toBe(errorCodes.notRemindable);
  });
});
