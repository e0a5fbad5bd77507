/**
 * Helpers for the customer page spec: a customer of the sample company with several open invoices,
 * what its page should show worked out from the QuickBooks sandbox's own records (never from
 * Recoup's API), and the 'View and pay' link of a reminder as the mail sandbox's inbox shows it.
 */
import { type ConnectedUser, connectedCompany, type MailMessage, sendReminder } from "@recoup/api/testing";
import { apiPaths, type CustomerPage, customerPageMessages, type EmailKind } from "@recoup/contracts";
import type { Browser, Locator, Page } from "playwright-core";
import { beforeAll, inject } from "vitest";
import { newContext, stack } from "../browser.ts";
import {
  type SandboxInvoice,
  sandboxGet,
  sandboxInvoices,
  toCents,
  todayUtc,
} from "./collections-helpers.ts";
import { remindableInvoices, type Target, threadUrl } from "./communications-helpers.ts";
import { visible } from "./flows-helpers.ts";

export interface ExpectedInvoice {
  id: string;
  number: string;
  issueDate: string;
  dueDate: string;
  amountCents: number;
  balanceCents: number;
  currency: string;
  /** "12 days overdue", "Due today", "Due in 3 days", from the due date and today (UTC: the kit's zone). */
  due: string;
  /** The sandbox's InvoiceLink, or null where QuickBooks Payments gives none. */
  payUrl: string | null;
}

const DAY_MS = 86_400_000;
const plural = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;

export function dueText(dueDate: string, today = todayUtc()): string {
  const days = Math.round((Date.parse(dueDate) - Date.parse(today)) / DAY_MS);
  if (days < 0) return `${plural(-days)} overdue`;
  return days === 0 ? "Due today" : `Due in ${plural(days)}`;
}

/** The customer's open invoices as the sandbox has them, each with its InvoiceLink. */
export async function expectedOpenInvoices(realmId: string, customerRef: string): Promise<ExpectedInvoice[]> {
  const open = (await sandboxInvoices(realmId)).filter(
    (inv: SandboxInvoice) => inv.CustomerRef.value === customerRef && inv.Balance > 0,
  );
  return Promise.all(
    open.map(async (inv) => {
      const { invoiceLink } = await sandboxGet<{ invoiceLink: string | null }>(
        `/realms/${realmId}/invoices/${inv.Id}/link`,
      );
      return {
        id: inv.Id,
        number: inv.DocNumber ?? inv.Id,
        issueDate: inv.TxnDate,
        dueDate: inv.DueDate,
        amountCents: toCents(inv.TotalAmt),
        balanceCents: toCents(inv.Balance),
        currency: inv.CurrencyRef.value,
        due: dueText(inv.DueDate),
        payUrl: invoiceLink,
      };
    }),
  );
}

/** Balances per currency, with their counts. */
export function totalsOf(invoices: ExpectedInvoice[]): Map<string, { cents: number; count: number }> {
  const totals = new Map<string, { cents: number; count: number }>();
  for (const inv of invoices) {
    const total = totals.get(inv.currency) ?? { cents: 0, count: 0 };
    totals.set(inv.currency, { cents: total.cents + inv.balanceCents, count: total.count + 1 });
  }
  return totals;
}

/** Opens the email in the mail sandbox's web inbox and reads its 'View and pay' link. */
export async function viewAndPayLink(inbox: Page, mail: MailMessage): Promise<string> {
  await inbox.goto(`${inject("inboxUrl")}/messages/${encodeURIComponent(mail.id)}`);
  const link = inbox.frameLocator("iframe.body-frame").getByRole("link", { name: "View and pay" });
  const href = await link.getAttribute("href", { timeout: 20_000 });
  if (!href) throw new Error("the email has no 'View and pay' link");
  return href;
}

/** The link with one character of its signature changed: same shape, forged. */
export function tampered(link: string): string {
  const last = link.at(-1);
  return `${link.slice(0, -1)}${last === "A" ? "B" : "A"}`;
}

/** One open invoice on the page: a card on phones, a row on wide screens, named by its number. */
export const invoiceArticle = (page: Page, number: string) =>
  page.getByRole("article", { name: `Invoice ${number}`, exact: true });

/** The invoice due last: first on the page only because the email is about it. */
export const dueLast = (invoices: ExpectedInvoice[]) =>
  invoices.reduce((a, b) => (a.dueDate >= b.dueDate ? a : b));

export interface RemindedCustomer {
  /** The customer, and the invoice the reminder was about. */
  target: Target;
  /** Its open invoices, as the QuickBooks sandbox has them. */
  expected: ExpectedInvoice[];
  mail: MailMessage;
  /** The page's address from the email (absolute). */
  link: string;
}

/**
 * A customer of the sample company whose open invoices suit the test: `pick` chooses the one the
 * reminder is about, or none to try the next customer. The reminder goes through the API; its
 * 'View and pay' link is read in the mail sandbox's inbox.
 */
export async function remindedCustomer(
  browser: Browser,
  user: ConnectedUser,
  pick: (open: ExpectedInvoice[]) => ExpectedInvoice | undefined,
): Promise<RemindedCustomer> {
  for (const candidate of await remindableInvoices(user)) {
    const expected = await expectedOpenInvoices(user.realmId, candidate.customerRef);
    const about = pick(expected);
    if (!about) continue;
    const target = { ...candidate, invoiceId: about.id, docNumber: about.number };
    const mail = await sendReminder(stack(), user, target.invoiceId, {
      subject: `Your invoices ${Date.now().toString(36)}`,
    });
    const { context, page } = await newContext(browser);
    const link = await viewAndPayLink(page, mail);
    await context.close();
    return { target, expected, mail, link };
  }
  throw new Error("the sample company has no customer whose open invoices suit this test");
}

/** The link's token, the page's only credential. */
const tokenOf = (link: string) => new URL(link).pathname.split("/").at(-1) ?? "";
const payPath = (path: string, link: string) => path.replace(":token", tokenOf(link));

/** What the page's API answers for the link (no session), as the page reads it. */
export async function pageData(link: string): Promise<CustomerPage> {
  const res = await stack().call("GET", payPath(apiPaths.pay.page, link));
  if (res.status !== 200) throw new Error(`GET the customer page: ${res.status} ${res.text}`);
  return res.json.data;
}

/** A promise or a dispute sent as the page sends it (to set a page up without its forms). */
export async function postHold(link: string, kind: "promise" | "dispute", body: unknown): Promise<void> {
  const res = await stack().call("POST", payPath(apiPaths.pay[kind], link), { body });
  if (res.status !== 200) throw new Error(`POST ${kind}: ${res.status} ${res.text}`);
}

/** YYYY-MM-DD `days` after `today` (a calendar date). */
export const daysAfter = (today: string, days: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Opens an invoice's 'Promise to pay' or 'Dispute' (or, without a number, the one for all) and answers its dialog. */
export async function openForm(page: Page, action: "Promise to pay" | "Dispute", number?: string) {
  const button = number
    ? invoiceArticle(page, number).getByRole("button", { name: `${action} invoice ${number}`, exact: true })
    : page.getByRole("button", { name: /^Promise to pay for all \d+ invoices$/ });
  await button.click();
  const dialog = page.getByRole("dialog");
  await visible(dialog);
  return dialog;
}

/** Sends the dialog's form and answers the API's reply to it. */
export async function send(page: Page, dialog: Locator, kind: "promise" | "dispute") {
  const [res] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith(`/${kind}`)),
    dialog.getByRole("button", { name: kind === "promise" ? "Send promise" : "Send dispute" }).click(),
  ]);
  return res;
}

/** The sentence the page confirms a recorded promise or dispute with. */
export const recorded = {
  promise: customerPageMessages.promiseRecorded,
  dispute: customerPageMessages.disputeRecorded,
};

/** Recoup, signed in: the invoice's thread in Communications, and its first entry of that kind once shown. */
export async function threadMessage(app: Page, target: Target, kind: EmailKind): Promise<Locator> {
  await app.goto(threadUrl(target));
  const message = app.locator(`article[data-kind="${kind}"]`).first();
  await visible(message);
  return message;
}

export interface CustomerForFile extends RemindedCustomer {
  user: ConnectedUser;
  /** The company's today, as the page has it. */
  today: string;
}

/**
 * The spec file's company connected to the sample QuickBooks company and its reminded customer
 * (remindedCustomer), made before its tests (unless `when` is false); the fields are there once
 * the tests run.
 */
export function remindedCustomerForFile(
  browser: () => Browser,
  company: { label: string; firstName: string },
  pick: (open: ExpectedInvoice[]) => ExpectedInvoice | undefined,
  when = true,
): CustomerForFile {
  const made = {} as CustomerForFile;
  beforeAll(async () => {
    if (!when) return;
    made.user = await connectedCompany(stack(), inject("quickbooksUrl"), company);
    Object.assign(made, await remindedCustomer(browser(), made.user, pick));
    made.today = (await pageData(made.link)).today;
  }, 120_000);
  return made;
}
