import type { CustomerPage } from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import { addDays } from "../../lib/dates.ts";
import { openCustomerLink } from "../customer-links/index.ts";
import * as holds from "../holds/index.ts";
import { openInvoiceLinks } from "../quickbooks/index.ts";
import { companyToday, customerInvoices } from "../receivables/index.ts";
import { findCustomerName, findPageCompany } from "./customer-page.repository.ts";

/** Paid invoices shown under the open ones: the latest few issued in the last half year. */
const PAID_SHOWN = { count: 10, days: 180 };

/** 'Pay now' goes only to an https page, or to a local sandbox's http one. */
export function safePayUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    const local = u.protocol === "http:" && (u.hostname === "localhost" || u.hostname === "127.0.0.1");
    return u.protocol === "https:" || local ? u.href : null;
  } catch {
    return null;
  }
}

/** What the page a link opens shows: one customer's open invoices, the email's invoice first. */
export async function customerPage(ctx: AppContext, token: string): Promise<CustomerPage> {
  const link = await openCustomerLink(ctx, token);
  const { today } = await companyToday(ctx, link.companyId);
  const [company, ledger, customerName] = await Promise.all([
    findPageCompany(ctx.db, link.companyId),
    customerInvoices(ctx.db, link.companyId, link.customerQbId, today),
    findCustomerName(ctx.db, link.companyId, link.customerQbId),
  ]);
  const focus = link.invoiceQbId;
  const open = [...ledger.open].sort((a, b) => Number(b.id === focus) - Number(a.id === focus));
  const [payLinks, held] = await Promise.all([
    open.length ? openInvoiceLinks(ctx, link.companyId, link.customerQbId) : new Map<string, string>(),
    holds.holdsOn(
      ctx.db,
      link.companyId,
      open.map((i) => i.id),
    ),
  ]);
  const totals = new Map<string, { currency: string; balanceCents: number; count: number }>();
  for (const i of open) {
    const t = totals.get(i.currency) ?? { currency: i.currency, balanceCents: 0, count: 0 };
    t.balanceCents += i.balanceCents;
    t.count++;
    totals.set(i.currency, t);
  }
  const paidSince = addDays(today, -PAID_SHOWN.days);
  const paid = ledger.closed.filter((i) => i.status === "Paid" && (i.id === focus || i.txnDate >= paidSince));
  return {
    company: {
      name: company?.name ?? "",
      picture: company?.logo ? `data:${company.logoType};base64,${company.logo.toString("base64")}` : null,
      howToPay: company?.howToPay || null,
    },
    customer: { name: customerName ?? "" },
    focusInvoiceId: focus && open.some((i) => i.id === focus) ? focus : null,
    invoices: open.map((i) => ({
      id: i.id,
      number: i.docNumber ?? i.id,
      issueDate: i.txnDate,
      dueDate: i.dueDate,
      amountCents: i.totalCents,
      balanceCents: i.balanceCents,
      currency: i.currency,
      daysOverdue: i.daysOverdue,
      payUrl: safePayUrl(payLinks.get(i.id)),
      ...pageHolds(held, i.id, today),
    })),
    totals: [...totals.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
    paid: paid.slice(0, PAID_SHOWN.count).map((i) => ({
      id: i.id,
      number: i.docNumber ?? i.id,
      amountCents: i.totalCents,
      currency: i.currency,
    })),
    today,
  };
}

/**
 * What the customer sees of their own promise and dispute on an invoice: a promise while its date
 * has not passed (a missed one is not held up to them; they may promise again).
 */
function pageHolds(held: holds.Holds, invoiceId: string, today: string) {
  const found = held.promises.get(invoiceId);
  const p = found && holds.inForce(found, today) ? found : undefined;
  const d = held.disputes.get(invoiceId);
  return {
    promise: p ? { date: p.promisedFor, note: p.note } : null,
    dispute: d ? { reason: d.reason, openedAt: d.createdAt.toISOString() } : null,
  };
}
