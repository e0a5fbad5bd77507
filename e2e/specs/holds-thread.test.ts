import { type ConnectedUser, connectedCompany, sendReminder, until } from "@recoup/api/testing";
import { apiPaths, disputeReasonLabels, holdLabels, holdMessages } from "@recoup/contracts";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { chromiumForFile, signedIn, stack } from "../browser.ts";
import { bodyRows, settle } from "./collections-helpers.ts";
import {
  invoiceLabel,
  isoDaysFromNow,
  remindableInvoices,
  shownDate,
  type Target,
  threadOf,
  threadUrl,
} from "./communications-helpers.ts";
import { gone, toast, visible } from "./flows-helpers.ts";

/**
 * Promises to pay and disputes in the invoice's thread, against a company synced with the sample
 * QuickBooks company: a customer's reply that names a date becomes a promise with one click, shows
 * as 'Promised for <date>' in the thread, in Invoices (under 'Promised') and in Communications, is
 * changed and cancelled; a reply that says 'already paid' becomes a dispute with its words; a
 * dispute recorded through the API shows as 'Disputed' and is resolved from the thread.
 */
const browser = chromiumForFile();
let user: ConnectedUser;
let targets: Target[];
let next = 0;
const take = () => {
  const target = targets[next++];
  if (!target) throw new Error("not enough remindable invoices with an email address");
  return target;
};

beforeAll(async () => {
  user = await connectedCompany(stack(), inject("quickbooksUrl"), { label: "holds", firstName: "Hana" });
  targets = await remindableInvoices(user);
});

/** "December 2, 2026": a date as a customer writes it. */
const writtenDate = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${iso}T12:00:00Z`),
  );

/** A reminder for the invoice, answered by the customer with `text`; then the thread's suggestion. */
async function replyWith(target: Target, text: string, kind: string) {
  const mail = await sendReminder(stack(), user, target.invoiceId);
  await stack().mailbox.answer(mail.id, "reply", { text });
  return until(
    async () => {
      const thread = await threadOf(user, target);
      return thread.suggestion?.kind === kind ? thread.suggestion : null;
    },
    20_000,
    { what: `a '${kind}' suggestion in the thread`, intervalMs: 250 },
  );
}

const promisePanel = (page: Page) => page.getByTestId("promise-panel");
const disputePanel = (page: Page) => page.getByTestId("dispute-panel");
const event = (page: Page, kind: string) => page.locator(`[data-testid="thread-event"][data-kind="${kind}"]`);
const invoiceRow = (page: Page, t: Target) => bodyRows(page).filter({ hasText: invoiceLabel(t) });

describe("promises to pay and disputes in the thread", () => {
  it("a reply naming a date: one click records the promise; Invoices and Communications show it; change, then cancel", async () => {
    const target = take();
    const date = isoDaysFromNow(6);
    const promisedFor = holdLabels.promisedFor(shownDate(date));
    const suggestion = await replyWith(
      target,
      `Hello,\n\nThanks for the reminder. We will pay on ${writtenDate(date)}.\n\nBest regards,\nAccounts payable`,
      "promise",
    );
    expect(suggestion.date).toBe(date);
    const { context, page, problems } = await signedIn(browser(), user);

    // The thread offers what the reply says; one click records it.
    await page.goto(threadUrl(target));
    await settle(page);
    const banner = page.getByTestId("reply-suggestion");
    await visible(banner.getByText(suggestion.text, { exact: true }));
    await banner.getByRole("button", { name: suggestion.action, exact: true }).click();
    await visible(toast(page, holdMessages.promiseRecorded));
    await gone(banner);
    await visible(promisePanel(page).getByText(promisedFor, { exact: true }));
    await visible(promisePanel(page).getByText(/from the customer's reply/));
    await visible(event(page, "promise"));
    const recorded = (await threadOf(user, target)).promise;
    expect(recorded).toMatchObject({ date, source: "reply", missed: false });

    // Invoices: the badge on its row, and under the 'Promised' filter (the dashboard's link).
    await page.goto("/invoices");
    await settle(page);
    await page.getByRole("button", { name: "Promised", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("hold") === "promised");
    await visible(invoiceRow(page, target).getByText(promisedFor, { exact: true }));
    const rows = await bodyRows(page).count();
    expect(await bodyRows(page).locator('[data-hold="promised"]').count()).toBe(rows);
    await page.goto("/invoices?hold=promised");
    await settle(page);
    expect(
      await page.getByRole("button", { name: "Promised", exact: true }).getAttribute("aria-pressed"),
    ).toBe("true");
    await visible(invoiceRow(page, target));

    // Communications: the same badge, under its own 'Promised' filter.
    await page.goto("/communications?hold=promised");
    await settle(page);
    const item = page.getByTestId("thread-item").filter({ hasText: `Invoice ${invoiceLabel(target)}` });
    await visible(item.getByText(promisedFor, { exact: true }));

    // Change: a date past 90 days is refused before any call; a later one is kept.
    await item.click();
    await visible(promisePanel(page));
    await promisePanel(page).getByRole("button", { name: holdLabels.changePromise }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Pay by").fill(isoDaysFromNow(120));
    await dialog.getByRole("button", { name: holdLabels.changePromise }).click();
    await visible(dialog.getByText(holdMessages.dateTooFar));
    const later = isoDaysFromNow(20);
    await dialog.getByLabel("Pay by").fill(later);
    await dialog.getByLabel("Note (optional)").fill("Called: paying after their month end.");
    await dialog.getByRole("button", { name: holdLabels.changePromise }).click();
    await visible(toast(page, holdMessages.promiseChanged));
    await gone(dialog);
    await visible(promisePanel(page).getByText(holdLabels.promisedFor(shownDate(later)), { exact: true }));
    await visible(promisePanel(page).getByText("Called: paying after their month end."));
    expect((await threadOf(user, target)).promise).toMatchObject({ date: later, source: "user" });

    // Cancel: no promise any more, in the thread and in the lists.
    await promisePanel(page).getByRole("button", { name: holdLabels.cancelPromise }).click();
    await visible(toast(page, holdMessages.promiseCancelled));
    await visible(promisePanel(page).getByText(/^No promise to pay/));
    expect((await threadOf(user, target)).promise).toBeNull();
    await page.goto("/invoices?hold=promised");
    await settle(page);
    await gone(invoiceRow(page, target));
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a reply saying it is already paid: one click records it as a dispute, in the customer's words; then one by hand", async () => {
    const target = take();
    const words = "We already paid this invoice last week by bank transfer.";
    const suggestion = await replyWith(target, `Hi,\n\n${words}\n\nThanks`, "paid");
    const { context, page, problems } = await signedIn(browser(), user);

    await page.goto(threadUrl(target));
    await settle(page);
    const banner = page.getByTestId("reply-suggestion");
    await banner.getByRole("button", { name: suggestion.action, exact: true }).click();
    await visible(toast(page, holdMessages.disputeRecorded));
    await visible(
      disputePanel(page).getByText(`${holdLabels.disputed}: ${disputeReasonLabels.already_paid}`, {
        exact: true,
      }),
    );
    await visible(disputePanel(page).getByText(words));
    expect((await threadOf(user, target)).dispute).toMatchObject({ reason: "already_paid", source: "reply" });
    expect((await threadOf(user, target)).dispute?.message).toContain(words);

    await disputePanel(page).getByRole("button", { name: holdLabels.resolveDispute }).click();
    await visible(toast(page, holdMessages.disputeResolved));

    // Recorded by hand: a reason and what is wrong, which may not be left empty.
    await disputePanel(page).getByRole("button", { name: "Record dispute" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Record dispute" }).click();
    await visible(dialog.getByText("Please say what is wrong."));
    await dialog.getByLabel("Reason").selectOption("not_received");
    await dialog.getByLabel("What is wrong").fill("The customer says the parcel never came.");
    await dialog.getByRole("button", { name: "Record dispute" }).click();
    await visible(toast(page, holdMessages.disputeRecorded));
    await visible(
      disputePanel(page).getByText(`${holdLabels.disputed}: ${disputeReasonLabels.not_received}`, {
        exact: true,
      }),
    );
    expect((await threadOf(user, target)).dispute).toMatchObject({ reason: "not_received", source: "user" });
    await disputePanel(page).getByRole("button", { name: holdLabels.resolveDispute }).click();
    await visible(disputePanel(page).getByText("No open dispute."));
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a dispute recorded through the API: 'Disputed' in the lists and the thread, then 'Resolve dispute'", async () => {
    const target = take();
    await sendReminder(stack(), user, target.invoiceId);
    const message = "The amount is wrong: we agreed on a 10% discount.";
    const res = await stack().call("POST", apiPaths.holds.dispute, {
      token: user.token,
      body: { companyId: user.companyId, invoiceId: target.invoiceId, reason: "wrong_amount", message },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.message).toBe(holdMessages.disputeRecorded);
    const { context, page, problems } = await signedIn(browser(), user);

    // Invoices, under 'Disputed'.
    await page.goto("/invoices?hold=disputed");
    await settle(page);
    await visible(invoiceRow(page, target).getByText(holdLabels.disputed, { exact: true }));

    // Communications, under 'Disputed', then its thread.
    await page.goto("/communications");
    await settle(page);
    await page.getByRole("button", { name: "Disputed", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("hold") === "disputed");
    const item = page.getByTestId("thread-item").filter({ hasText: `Invoice ${invoiceLabel(target)}` });
    await visible(item.getByText(holdLabels.disputed, { exact: true }));
    await item.click();
    await visible(
      disputePanel(page).getByText(`${holdLabels.disputed}: ${disputeReasonLabels.wrong_amount}`, {
        exact: true,
      }),
    );
    await visible(disputePanel(page).getByText(message));
    await visible(event(page, "dispute"));

    await disputePanel(page).getByRole("button", { name: holdLabels.resolveDispute }).click();
    await visible(toast(page, holdMessages.disputeResolved));
    await visible(disputePanel(page).getByText("No open dispute."));
    await visible(event(page, "update"));
    expect((await threadOf(user, target)).dispute).toBeNull();
    await page.goto("/invoices?hold=disputed");
    await settle(page);
    await gone(invoiceRow(page, target));
    expect(problems).toEqual([]);
    await context.close();
  });
});
