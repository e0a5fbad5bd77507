import { type ConnectedUser, connectedCompany, sendReminder, until } from "@recoup/api/testing";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { chromiumForFile, signedIn, stack } from "../browser.ts";
import { settle } from "./collections-helpers.ts";
import {
  draftsAvailable,
  invoiceLabel,
  isoDaysFromNow,
  pausesOf,
  remindableInvoices,
  shownDate,
  type Target,
  threadOf,
  threadUrl,
} from "./communications-helpers.ts";
import { toast, visible } from "./flows-helpers.ts";

/**
 * Communications in the browser, against a company synced with the sample QuickBooks company: a
 * reminder goes out, the mail sandbox answers as the customer (a reply from its inbox page, an
 * out-of-office reply, a bounce), and the thread, its state and the paused reminders show in
 * Communications, on the Invoices page and in Customer Details; a draft is edited and sent.
 */
const browser = chromiumForFile();
let user: ConnectedUser;
let targets: Target[];
let next = 0;
/** An invoice of a customer no other test here writes to. */
const take = () => {
  const target = targets[next++];
  if (!target) throw new Error("not enough remindable invoices with an email address");
  return target;
};
const unique = (tag: string) => `${tag} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

beforeAll(async () => {
  user = await connectedCompany(stack(), inject("quickbooksUrl"), { label: "comms", firstName: "Cora" });
  targets = await remindableInvoices(user);
});

const threadItem = (page: Page, t: Target) =>
  page
    .getByTestId("thread-item")
    .filter({ hasText: `Invoice ${invoiceLabel(t)}` })
    .filter({ hasText: t.customerName });
const threadHeading = (page: Page, t: Target) =>
  page.getByRole("heading", { level: 2, name: `Invoice ${invoiceLabel(t)}`, exact: true });
const emails = (page: Page) => page.getByRole("region", { name: "Emails" }).getByTestId("thread-email");

/**
 * In the composer, with a draft loaded: a subject of its own, a line added to the body, 'Send';
 * then the email in the inbox and in the thread. Answers the subject.
 */
async function editSendAndFind(page: Page, target: Target, tag: string) {
  const composer = page.getByRole("region", { name: "Write to the customer" });
  const subject = composer.getByLabel("Subject", { exact: true });
  await visible(subject);
  expect(await subject.inputValue()).not.toBe("");
  const sent = unique(tag);
  await subject.fill(sent);
  await composer.getByRole("textbox", { name: "Body" }).click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.press("Enter");
  await page.keyboard.type(`Edited in the thread (${sent}).`);
  const cc = await composer.getByLabel("CC", { exact: true }).inputValue();
  await composer.getByRole("button", { name: "Send", exact: true }).click();
  await visible(
    toast(page, `Reminder sent. It is on its way to ${target.email}${cc ? `, copied to ${cc}` : ""}.`),
  );

  const mail = await stack().mailbox.waitFor(target.email, new RegExp(`^${sent}$`));
  expect(mail.text).toContain(`Edited in the thread (${sent}).`);
  await visible(emails(page).filter({ hasText: sent }), 30_000);
  await until(
    async () =>
      (await threadOf(user, target)).messages.some((m) => m.subject === sent && m.kind === "manual"),
    15_000,
    { what: "the sent email in its thread", intervalMs: 200 },
  );
  return sent;
}

describe("communications in the browser", () => {
  it("a reply from the mail sandbox's inbox: 'Reply waiting', reminders paused, then 'Mark as handled'", async () => {
    const target = take();
    const subject = unique("Invoice reminder");
    const mail = await sendReminder(stack(), user, target.invoiceId, { subject });
    const { context, page, problems } = await signedIn(browser(), user);

    // The customer answers from the sandbox's web inbox.
    const inbox = await context.newPage();
    await inbox.goto(`${inject("inboxUrl")}/messages/${encodeURIComponent(mail.id)}`);
    const words = unique("We will pay on Friday");
    await inbox.getByLabel("Reply text").fill(words);
    await inbox.getByRole("button", { name: "Reply", exact: true }).click();
    await visible(inbox.getByRole("status").filter({ hasText: /HTTP 204/ }));
    await inbox.close();

    // The list: the invoice with 'Reply waiting', also under the 'Reply waiting' filter.
    await page.goto("/communications");
    await settle(page);
    const item = threadItem(page, target);
    await visible(item);
    expect(await item.innerText()).toContain("Reply waiting");
    await page.getByRole("button", { name: "Reply waiting", exact: true }).click();
    await page.waitForURL(/status=reply_waiting/);
    await visible(item);

    // Search reaches the URL (debounced) and narrows the list.
    await page.getByLabel("Search conversations").fill(target.docNumber ?? target.customerName);
    await page.waitForURL(/[?&]q=/);
    await visible(item);
    expect(await page.getByTestId("thread-item").count()).toBe(1);

    // The thread: the reply with its quoted history collapsed.
    await item.click();
    await page.waitForURL((url) => url.searchParams.get("invoice") === target.invoiceId);
    await visible(threadHeading(page, target));
    const reply = emails(page).filter({ hasText: "Customer reply" });
    await visible(reply.getByText(words));
    expect(await reply.locator("blockquote").count()).toBe(0);
    await reply.getByRole("button", { name: "Show quoted text" }).click();
    await visible(reply.locator("blockquote"));
    expect(await emails(page).first().innerText()).toContain("Sent by hand");
    await visible(page.getByTestId("reply-waiting"));

    // The selection survives a reload; the invoice's reminders are paused with the reason.
    await page.reload();
    await visible(threadHeading(page, target));
    expect((await pausesOf(user, target)).invoice.map((p) => p.reason)).toEqual(["reply"]);
    await page.goto(`/invoices?q=${encodeURIComponent(target.docNumber ?? target.customerName)}`);
    await settle(page);
    const row = page
      .getByRole("row")
      .filter({ hasText: invoiceLabel(target) })
      .first();
    await expect.poll(() => row.innerText()).toContain("Reply waiting");

    // Back in the thread: 'Mark as handled' resumes them.
    await page.goBack();
    await visible(threadHeading(page, target));
    await page.getByRole("button", { name: "Mark as handled" }).click();
    await visible(toast(page, "Reply marked as handled. Reminders for this invoice resume."));
    await visible(
      page
        .getByRole("region", { name: `Invoice ${invoiceLabel(target)}` })
        .getByText("Handled", { exact: true }),
    );
    expect((await pausesOf(user, target)).invoice).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("an out-of-office reply with a return date: 'Away until <date>' in the thread, on invoices and on the customer", async () => {
    const target = take();
    const mail = await sendReminder(stack(), user, target.invoiceId, { subject: unique("Payment reminder") });
    const back = isoDaysFromNow(12);
    await stack().mailbox.answer(mail.id, "out-of-office", { returnDate: back, language: "de" });
    const away = `Away until ${shownDate(back)}`;
    const { context, page, problems } = await signedIn(browser(), user);

    await page.goto(threadUrl(target));
    await settle(page);
    await visible(threadHeading(page, target));
    await visible(
      page
        .getByRole("region", { name: `Invoice ${invoiceLabel(target)}` })
        .getByText(away, { exact: true })
        .first(),
    );
    const auto = emails(page).filter({ hasText: "Automatic reply" });
    await visible(auto.getByText(`Back on ${shownDate(back)}`));
    expect(await threadItem(page, target).innerText()).toContain(away);

    await page.goto(`/customers/${target.customerRef}`);
    await settle(page);
    await visible(page.getByTestId("customer-reminders-state").getByText(away));
    const open = page.getByRole("region", { name: "Open invoices", exact: true });
    await expect.poll(() => open.innerText()).toMatch(new RegExp(`Away until\\s+${shownDate(back)}`));
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a bounce from the inbox page: 'Email bouncing' in Communications and in Customer Details, which links to the thread", async () => {
    const target = take();
    const mail = await sendReminder(stack(), user, target.invoiceId, { subject: unique("Overdue notice") });
    const { context, page, problems } = await signedIn(browser(), user);

    const inbox = await context.newPage();
    await inbox.goto(`${inject("inboxUrl")}/messages/${encodeURIComponent(mail.id)}`);
    await inbox.getByRole("button", { name: "Bounce", exact: true }).click();
    await visible(inbox.getByRole("status").filter({ hasText: /HTTP 204/ }));
    await inbox.close();

    await page.goto("/communications");
    await settle(page);
    expect(await threadItem(page, target).innerText()).toContain("Email bouncing");

    await page.goto(`/customers/${target.customerRef}`);
    await settle(page);
    await visible(page.getByTestId("customer-reminders-state").getByText(`Email bouncing: ${target.email}`));
    const comms = page.getByRole("region", { name: "Communications" });
    const link = comms.getByRole("link", {
      name: new RegExp(`Invoice ${invoiceLabel(target).replace(/[()]/g, "\\$&")}`),
    });
    expect(await link.innerText()).toContain("Email bouncing");
    await link.click();
    await page.waitForURL(
      (url) => url.pathname === "/communications" && url.searchParams.get("invoice") === target.invoiceId,
    );
    await visible(page.getByText(`Email bouncing: ${target.email}`, { exact: true }));
    await visible(
      emails(page)
        .filter({ hasText: "Bounce" })
        .getByText(/Not delivered: /),
    );
    expect(problems).toEqual([]);
    await context.close();
  });

  it("'Start from template', edited and sent: the email appears in the thread and in the inbox; notes on the invoice", async () => {
    const target = take();
    await sendReminder(stack(), user, target.invoiceId, { subject: unique("First reminder") });
    const { context, page, problems } = await signedIn(browser(), user, { width: 390 });

    await page.goto(threadUrl(target));
    await settle(page);
    await visible(threadHeading(page, target));
    await page.getByRole("button", { name: "Start from template" }).click();
    await visible(page.getByTestId("draft-origin").getByText("From your reminder template."));
    await editSendAndFind(page, target, "Following up on your invoice");
    expect(await emails(page).count()).toBe(2);

    // Notes on the invoice: add, edit, delete.
    const notes = page.getByRole("region", { name: "Notes" });
    await notes.getByLabel("Add a note").fill("Promised to pay next week.");
    await notes.getByRole("button", { name: "Add note" }).click();
    await visible(toast(page, "Note added"));
    await visible(notes.getByTestId("note").filter({ hasText: "Promised to pay next week." }));
    const note = notes.getByTestId("note").first();
    await note.getByRole("button", { name: "Edit" }).click();
    await note.getByLabel("Edit note").fill("Promised to pay on the 15th.");
    await note.getByRole("button", { name: "Save" }).click();
    await visible(toast(page, "Note saved"));
    const edited = notes.getByTestId("note").filter({ hasText: "Promised to pay on the 15th." });
    await edited.getByRole("button", { name: "Delete" }).click();
    await edited.getByRole("button", { name: "Delete note" }).click();
    await visible(toast(page, "Note deleted"));
    await visible(notes.getByText("No notes yet."));

    // On a phone the thread has a way back to the list.
    await page.getByRole("link", { name: "All conversations" }).click();
    await visible(threadItem(page, target));
    expect(problems).toEqual([]);
    await context.close();
  });

  it("'Generate draft', edited and sent: the email appears in the thread and in the inbox", async (ctx) => {
    const target = take();
    ctx.skip(
      !(await draftsAvailable(user, target)),
      "GET /v1/business/gemini/draft-email is not on this branch yet (issue-9-drafts lands it on main)",
    );
    await sendReminder(stack(), user, target.invoiceId, { subject: unique("Reminder before the draft") });
    const { context, page, problems } = await signedIn(browser(), user);

    await page.goto(threadUrl(target));
    await settle(page);
    await page.getByRole("button", { name: "Generate draft" }).click();
    const origin = page.getByRole("region", { name: "Write to the customer" }).getByTestId("draft-origin");
    await visible(origin);
    expect(await origin.innerText()).toMatch(/^Written by /);
    await editSendAndFind(page, target, "A note about your invoice");
    expect(problems).toEqual([]);
    await context.close();
  });
});
