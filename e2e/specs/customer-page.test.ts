import { readFileSync } from "node:fs";
import { type ConnectedUser, connectedCompany, money } from "@recoup/api/testing";
import { customerPageMessages } from "@recoup/contracts";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { chromiumForFile, newContext, reportOnFailure, stack } from "../browser.ts";
import { axeContext, describeViolations, seriousViolations } from "./axe.ts";
import { settle } from "./collections-helpers.ts";
import { shownDate, type Target } from "./communications-helpers.ts";
import {
  invoiceArticle as article,
  dueLast,
  type ExpectedInvoice,
  remindedCustomer,
  tampered,
  totalsOf,
} from "./customer-page-helpers.ts";
import { visible } from "./flows-helpers.ts";

/**
 * The customer page from a reminder: sent through the API, opened in the mail sandbox's inbox,
 * 'View and pay' followed at phone width. Its figures are checked against the QuickBooks sandbox's
 * own records; the PDF downloads; a forged link shows no data; axe finds nothing in light or dark.
 */
const browser = chromiumForFile();
let user: ConnectedUser;
let target: Target;
let expected: ExpectedInvoice[];
/** The page's address from the email (absolute). */
let link: string;

beforeAll(async () => {
  user = await connectedCompany(stack(), inject("quickbooksUrl"), { label: "paypage", firstName: "Pat" });
  // A customer with several open invoices, one of them payable online, so order and 'Pay now' show;
  // the email is about the invoice due last: first on the page only because it is the email's.
  ({ target, expected, link } = await remindedCustomer(browser(), user, (open) =>
    open.length >= 2 && open.some((inv) => inv.payUrl) ? dueLast(open) : undefined,
  ));
}, 120_000);

describe("the customer page", () => {
  it("'View and pay' opens the customer's open invoices, the email's first and marked", async () => {
    expect(new URL(link).pathname).toMatch(/^\/pay\/[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/);
    const { context, page, problems } = await newContext(browser(), { width: 390 });
    reportOnFailure(page);
    await page.goto(link);
    await visible(page.getByRole("heading", { level: 1, name: `Invoices for ${target.customerName}` }));
    await settle(page);
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    const company = await page.getByRole("banner").locator("p").innerText();
    expect(await page.title()).toBe(`${company} – Invoices`);

    const list = page.getByRole("region", { name: "Open invoices" }).getByRole("article");
    expect(await list.count()).toBe(expected.length);
    const first = list.first();
    expect(await first.getByRole("heading").innerText()).toBe(`Invoice ${target.docNumber}`);
    expect(await first.getAttribute("aria-current")).toBe("true");
    await visible(first.getByText("This email's invoice"));
    expect(await page.getByText("This email's invoice").count()).toBe(1);

    for (const inv of expected) {
      const text = await article(page, inv.number).innerText();
      for (const shown of [
        money(inv.amountCents, inv.currency),
        money(inv.balanceCents, inv.currency),
        shownDate(inv.issueDate),
        shownDate(inv.dueDate),
        inv.due,
        inv.currency,
      ]) {
        expect(text, `invoice ${inv.number}`).toContain(shown);
      }
      const pay = article(page, inv.number).getByRole("link", { name: /^Pay now/ });
      if (inv.payUrl) expect(await pay.getAttribute("href")).toBe(inv.payUrl);
      else expect(await pay.count()).toBe(0);
    }
    const totals = await page.getByRole("region", { name: "Balance due" }).innerText();
    for (const [currency, total] of totalsOf(expected)) {
      expect(totals).toContain(money(total.cents, currency));
      expect(totals).toContain(`${total.count} open invoice`);
    }

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      first.getByRole("link", { name: /^Download PDF/ }).click(),
    ]);
    const pdf = readFileSync(await download.path());
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(download.suggestedFilename()).toMatch(/\.pdf$/i);
    expect(await page.getByRole("alert").count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a forged link shows that it is not valid, and no invoice", async () => {
    const { context, page, problems } = await newContext(browser(), { width: 390 });
    reportOnFailure(page);
    await page.goto(tampered(link));
    await visible(page.getByText(customerPageMessages.linkInvalid));
    expect(await page.getByRole("article").count()).toBe(0);
    expect(await page.getByText(target.customerName).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("axe finds nothing serious at 390 px, light and dark", async () => {
    const found: string[] = [];
    for (const scheme of ["light", "dark"] as const) {
      for (const [what, address] of [
        ["page", link],
        ["forged link", tampered(link)],
      ] as const) {
        const { context, page } = await axeContext(browser(), scheme, 390);
        await page.goto(address);
        await page.locator("h1").first().waitFor();
        await settle(page);
        found.push(...describeViolations(`${what} (${scheme})`, await seriousViolations(page)));
        await context.close();
      }
    }
    expect(found).toEqual([]);
  });
});
