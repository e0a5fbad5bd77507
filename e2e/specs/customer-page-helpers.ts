/**
 * Helpers for the customer page spec: a customer of the sample company with several open invoices,
 * what its page should show worked out from the QuickBooks sandbox's own records (never from
 * Recoup's API), and the 'View and pay' link of a reminder as the mail sandbox's inbox shows it.
 */
import type { MailMessage } from "@recoup/api/testing";
import type { Page } from "playwright-core";
import { inject } from "vitest";
import {
  type SandboxInvoice,
  sandboxGet,
  sandboxInvoices,
  toCents,
  todayUtc,
} from "./collections-helpers.ts";

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
