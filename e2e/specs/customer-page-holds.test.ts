import { readFileSync } from "node:fs";
import { apiPaths, customerPageMessages, disputeReasonLabels, emailKindLabels } from "@recoup/contracts";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { chromiumForFile, freshContext, signedIn, stack } from "../browser.ts";
import { axeContext, describeViolations, seriousViolations } from "./axe.ts";
import { bodyRows, settle } from "./collections-helpers.ts";
import { invoiceLabel, shownDate, type Target } from "./communications-helpers.ts";
import {
  daysAfter,
  dueLast,
  invoiceArticle,
  openForm,
  pageData,
  recorded,
  remindedCustomerForFile,
  send,
  threadMessage,
} from "./customer-page-helpers.ts";
import { gone, visible } from "./flows-helpers.ts";

/**
 * 'Promise to pay' and 'Dispute' on the customer page, at phone width, against the running API:
 * from the reminder in the mail sandbox's inbox to the page, its forms, their refusals, and what
 * the company's user then sees in Recoup.
 */
const browser = chromiumForFile();
// Three open invoices or more: one to promise, one to dispute, all to promise at once.
const customer = remindedCustomerForFile(browser, { label: "holds", firstName: "Hal" }, (open) =>
  open.length >= 3 ? dueLast(open) : undefined,
);

const phone = () => freshContext(browser(), { width: 390 });
/** An invoice of the customer's, other than the email's, as a Target for its thread. */
const targetFor = (number: string): Target => {
  const invoice = customer.expected.find((inv) => inv.number === number);
  if (!invoice) throw new Error(`no open invoice ${number}`);
  return { ...customer.target, invoiceId: invoice.id, docNumber: invoice.number };
};
const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`);
const focused = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? "");

describe("promise to pay and dispute on the customer page", () => {
  it("from the reminder in the inbox: 'View and pay', the PDF, a promise for a date; Recoup's thread shows 'Promise to pay'", async () => {
    const { context, page: inbox, problems } = await phone();
    await inbox.goto(`${inject("inboxUrl")}/messages/${encodeURIComponent(customer.mail.id)}`);
    const [page] = await Promise.all([
      context.waitForEvent("page"),
      inbox.frameLocator("iframe.body-frame").getByRole("link", { name: "View and pay" }).click(),
    ]);
    await visible(
      page.getByRole("heading", { level: 1, name: `Invoices for ${customer.target.customerName}` }),
    );
    await settle(page);
    const number = customer.target.docNumber ?? "";
    const item = invoiceArticle(page, number);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      item.getByRole("link", { name: /^Download PDF/ }).click(),
    ]);
    expect(
      readFileSync(await download.path())
        .subarray(0, 5)
        .toString("latin1"),
    ).toBe("%PDF-");

    const date = daysAfter(customer.today, 14);
    const dialog = await openForm(page, "Promise to pay", number);
    await dialog.getByLabel("I will pay by").fill(date);
    const note = "Paying by bank transfer on that day.";
    await dialog.getByLabel("Note (optional)").fill(note);
    const res = await send(page, dialog, "promise");
    expect(res.status()).toBe(200);
    await gone(dialog);
    await visible(item.getByRole("status").getByText(recorded.promise));
    expect(await focused(page)).toContain(recorded.promise);
    await visible(item.getByText(`Promised for ${shownDate(date)}`));
    // The page was read again: the promise is the API's, not only the form's.
    await page.reload();
    await visible(invoiceArticle(page, number).getByText(`Promised for ${shownDate(date)}`));
    expect(problems).toEqual([]);
    await context.close();

    const app = await signedIn(browser(), customer.user);
    const entry = await threadMessage(app.page, customer.target, "promise");
    expect(await entry.innerText()).toContain(emailKindLabels.promise);
    expect(await entry.innerText()).toContain(note);
    // The Invoices list's 'Promised' filter shows it, badged.
    await app.page.goto("/invoices?hold=promised");
    await settle(app.page);
    const row = bodyRows(app.page).filter({ hasText: invoiceLabel(customer.target) });
    await visible(row.getByText(`Promised for ${shownDate(date)}`, { exact: true }));
    // The company's users are told by email.
    await stack().mailbox.waitFor(
      customer.user.email,
      startsWith(`${customer.target.customerName} promised to pay`),
    );
    expect(app.problems).toEqual([]);
    await app.context.close();
  });

  it("a dispute: a reason and a message; the invoice shows 'Disputed', offers no 'Dispute' any more, and Recoup's thread shows it", async () => {
    const { context, page, problems } = await phone();
    await page.goto(customer.link);
    await settle(page);
    // Any invoice but the email's still open to dispute (a retry takes the next one).
    const open = (await pageData(customer.link)).invoices.filter(
      (inv) => !inv.dispute && inv.id !== customer.target.invoiceId,
    );
    const number = open[0]?.number ?? "";
    const item = invoiceArticle(page, number);
    const dialog = await openForm(page, "Dispute", number);

    await dialog.getByRole("button", { name: "Send dispute" }).click();
    await visible(dialog.getByText("Choose what is wrong."));
    await visible(dialog.getByText("Please say what is wrong"));
    await dialog.getByLabel(disputeReasonLabels.not_received).check();
    const words = "We never received the goods on this invoice.";
    await dialog.getByLabel("Message").fill(words);
    const res = await send(page, dialog, "dispute");
    expect(res.status()).toBe(200);
    await gone(dialog);
    await visible(item.getByRole("status").getByText(recorded.dispute));
    await visible(item.getByText("Disputed", { exact: true }));
    expect(await item.getByRole("button", { name: /^Dispute/ }).count()).toBe(0);
    // Still promisable; still shown disputed when read again.
    await visible(item.getByRole("button", { name: `Promise to pay invoice ${number}` }));
    await page.reload();
    await visible(invoiceArticle(page, number).getByText("Disputed", { exact: true }));
    expect(
      await invoiceArticle(page, number)
        .getByRole("button", { name: /^Dispute/ })
        .count(),
    ).toBe(0);
    expect(problems).toEqual([]);
    await context.close();

    const app = await signedIn(browser(), customer.user);
    const entry = await threadMessage(app.page, targetFor(number), "dispute");
    expect(await entry.innerText()).toContain(emailKindLabels.dispute);
    expect(await entry.innerText()).toContain(words);
    await stack().mailbox.waitFor(
      customer.user.email,
      startsWith(`${customer.target.customerName} disputed`),
    );
    await app.context.close();
  });

  it("'Promise to pay' for all open invoices: one date, every invoice promised", async () => {
    const { context, page, problems } = await phone();
    await page.goto(customer.link);
    await settle(page);
    const numbers = (await pageData(customer.link)).invoices.map((inv) => inv.number);
    const dialog = await openForm(page, "Promise to pay");
    const listed = await dialog.innerText();
    for (const number of numbers) expect(listed).toContain(number);
    const date = daysAfter(customer.today, 30);
    await dialog.getByLabel("I will pay by").fill(date);
    expect((await send(page, dialog, "promise")).status()).toBe(200);
    await gone(dialog);
    await visible(page.getByRole("status").getByText(recorded.promise));
    for (const number of numbers) {
      await visible(invoiceArticle(page, number).getByText(`Promised for ${shownDate(date)}`));
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it("refuses dates out of bounds with the API's sentences, and shows the API's refusals (400, 404, 410, 429) keeping what was typed", async () => {
    const { context, page } = await phone();
    await page.goto(customer.link);
    await settle(page);
    const number = customer.target.docNumber ?? "";
    const dialog = await openForm(page, "Promise to pay", number);
    const dateField = dialog.getByLabel("I will pay by");
    const note = dialog.getByLabel("Note (optional)");
    const posted: string[] = [];
    page.on("request", (req) => req.method() === "POST" && posted.push(req.url()));

    // In the browser: the same sentences as the API, and nothing sent.
    await dateField.fill(daysAfter(customer.today, -1));
    await dialog.getByRole("button", { name: "Send promise" }).click();
    await visible(dialog.getByText(customerPageMessages.promiseDateInPast));
    await dateField.fill(daysAfter(customer.today, 91));
    await visible(dialog.getByText(customerPageMessages.promiseDateTooFar));
    expect(posted).toEqual([]);

    await dateField.fill(daysAfter(customer.today, 10));
    await note.fill("Our payment run is on Fridays.");
    const refusals: [number, (body: Record<string, unknown>) => Record<string, unknown> | null][] = [
      // The API's own refusals: a date past its bound, an invoice that is not the customer's.
      [400, (body) => ({ ...body, date: daysAfter(customer.today, 120) })],
      [404, (body) => ({ ...body, invoiceIds: ["999999999"] })],
      // A link that expired meanwhile, too many tries: as the API answers them.
      [410, () => null],
      [429, () => null],
    ];
    const promisePath = `**${apiPaths.pay.promise.replace(":token", "*")}`;
    for (const [status, change] of refusals) {
      await page.route(promisePath, (route) => {
        const body = change(route.request().postDataJSON());
        if (body) return route.continue({ postData: JSON.stringify(body) });
        const message =
          status === 410 ? customerPageMessages.linkExpired : "Too many requests. Try again later.";
        const code = status === 410 ? "LINK_GONE" : "RATE_LIMITED";
        return route.fulfill({ status, json: { error: { code, message } } });
      });
      const res = await send(page, dialog, "promise");
      expect(res.status()).toBe(status);
      const { error } = await res.json();
      await visible(dialog.getByRole("alert").filter({ hasText: error.message }));
      expect(await dateField.inputValue()).toBe(daysAfter(customer.today, 10));
      expect(await note.inputValue()).toBe("Our payment run is on Fridays.");
      await page.unrouteAll();
    }
    await context.close();
  });

  it("axe finds nothing serious in the forms at 390 px, light and dark", async () => {
    const found: string[] = [];
    const number = customer.target.docNumber ?? "";
    for (const scheme of ["light", "dark"] as const) {
      const { context, page } = await axeContext(browser(), scheme, 390);
      await page.goto(customer.link);
      await settle(page);
      const check = async (what: string) =>
        found.push(...describeViolations(`${what} (${scheme})`, await seriousViolations(page)));
      let dialog = await openForm(page, "Promise to pay", number);
      await check("promise form");
      await dialog.getByLabel("I will pay by").fill(daysAfter(customer.today, -1));
      await dialog.getByRole("button", { name: "Send promise" }).click();
      await check("promise form with an error");
      await page.keyboard.press("Escape");
      await gone(dialog);
      const disputable = (await pageData(customer.link)).invoices.find((inv) => !inv.dispute);
      if (disputable) {
        dialog = await openForm(page, "Dispute", disputable.number);
        await dialog.getByRole("button", { name: "Send dispute" }).click();
        await check("dispute form with errors");
        await page.keyboard.press("Escape");
        await gone(dialog);
      }
      await check("page with promised and disputed invoices");
      await context.close();
    }
    expect(found).toEqual([]);
  });
});
