import type {
  CustomerDetailResponse,
  CustomerListResponse,
  customerListQuerySchema,
  PaymentHistoryItem,
} from "@recoup/contracts";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { forbidden, notFound } from "../../lib/errors.ts";
import { findConnection } from "../quickbooks/index.ts";
import { byId, companyToday, customerInvoices, searchTerm } from "../receivables/index.ts";
import { withReminderColumns } from "../reminders/index.ts";
import * as repo from "./customers.repository.ts";

export async function listCustomers(
  ctx: AppContext,
  companyId: string,
  q: z.infer<typeof customerListQuerySchema>,
): Promise<CustomerListResponse["data"]> {
  const clock = await companyToday(ctx, companyId);
  const { today } = clock;
  const params = { companyId, today, sortBy: q.sortBy, sortOrder: q.sortOrder, search: searchTerm(q.search) };
  const paging = { offset: (q.page - 1) * q.limit, limit: q.limit };
  // Each row aggregates the customer's open invoices: kept until the data changes.
  const { rows, total } = await ctx.cache.get(
    clock,
    JSON.stringify(["customers-page", params, paging]),
    async () => {
      const page = await repo.listCustomers(ctx.db, { ...params, ...paging });
      return {
        rows: page.rows,
        total: page.total ?? (q.page > 1 ? await repo.countCustomers(ctx.db, params) : 0),
      };
    },
  );
  return { customers: rows, total, page: q.page, limit: q.limit, asOf: today };
}

/**
 * The customer calls name the company by its QuickBooks realm: it must be the one the caller's
 * company is linked to (whatever the connection's state: its synced data stays readable).
 */
/** A customer as the spec's calls name it: its QuickBooks company and its id there. */
type CustomerOf = { realmId: string; customerRef: string };

/** The QuickBooks company a request names must be the caller's (the spec's calls repeat it). */
async function assertOwnRealm(ctx: AppContext, companyId: string, realmId: string) {
  if ((await findConnection(ctx.db, companyId))?.realmId !== realmId) throw forbidden();
}

async function existingCustomer(ctx: AppContext, companyId: string, customerRef: string) {
  const found = await repo.findCustomer(ctx.db, companyId, customerRef);
  if (!found) throw notFound("No such customer.");
  return found;
}

export async function customerDetail(
  ctx: AppContext,
  companyId: string,
  { realmId, customerRef }: CustomerOf,
): Promise<CustomerDetailResponse["data"]> {
  await assertOwnRealm(ctx, companyId, realmId);
  const { customer, note, tags } = await existingCustomer(ctx, companyId, customerRef);
  const { today } = await companyToday(ctx, companyId);
  const [invoices, paidInvoices] = await Promise.all([
    customerInvoices(ctx.db, companyId, customerRef, today),
    repo.countPaidInvoices(ctx.db, companyId, customerRef),
  ]);
  // QuickBooks fixes a customer's currency, so its open invoices share it; others are not summed in.
  const open = invoices.open.filter((inv) => inv.currency === customer.currency);
  const sum = (rows: typeof open) => rows.reduce((cents, inv) => cents + inv.balanceCents, 0);
  const dueDates = open.flatMap((inv) => (inv.dueDate ? [inv.dueDate] : [])).sort();
  return {
    customer: {
      customerRef: customer.qbId,
      name: customer.displayName,
      companyName: customer.companyName,
      email: customer.email,
      phone: customer.phone,
      currency: customer.currency,
      active: customer.active,
      note: note ?? "",
      tags: tags ?? [],
      openInvoices: open.length,
      outstandingCents: sum(open),
      overdueCents: sum(open.filter((inv) => inv.status === "Overdue")),
      oldestDueDate: dueDates[0] ?? null,
      paidInvoices,
    },
    openInvoices: await withReminderColumns(ctx, companyId, invoices.open),
    closedInvoices: await withReminderColumns(ctx, companyId, invoices.closed),
    asOf: today,
  };
}

export async function paymentHistory(
  ctx: AppContext,
  companyId: string,
  { realmId, customerRef }: CustomerOf,
): Promise<PaymentHistoryItem[]> {
  await assertOwnRealm(ctx, companyId, realmId);
  await existingCustomer(ctx, companyId, customerRef);
  const found = await repo.paymentHistory(ctx.db, companyId, customerRef);
  const appliedBy = (type: PaymentHistoryItem["type"], id: string) =>
    found.applied
      .filter((a) => a.sourceType === type && a.sourceQbId === id)
      .map((a) => ({ invoiceId: a.invoiceId, docNumber: a.docNumber, amountCents: a.amountCents }));
  const items: PaymentHistoryItem[] = [
    ...found.payments.map((p) => ({
      id: p.qbId,
      type: "Payment" as const,
      date: p.txnDate,
      currency: p.currency,
      amountCents: p.totalCents,
      unappliedCents: p.unappliedCents,
      applied: appliedBy("Payment", p.qbId),
    })),
    ...found.creditMemos.map((m) => ({
      id: m.qbId,
      type: "CreditMemo" as const,
      date: m.txnDate,
      currency: m.currency,
      amountCents: m.totalCents,
      unappliedCents: m.remainingCents,
      applied: appliedBy("CreditMemo", m.qbId),
    })),
  ];
  return items.sort((a, b) => (a.date === b.date ? byId(b.id, a.id) : a.date < b.date ? 1 : -1));
}

export async function editNote(
  ctx: AppContext,
  companyId: string,
  { realmId, customerRef }: CustomerOf,
  note: string,
) {
  await assertOwnRealm(ctx, companyId, realmId);
  await existingCustomer(ctx, companyId, customerRef);
  return (await repo.saveProfile(ctx.db, companyId, customerRef, { note })).note;
}

/** Replaces the tags: trimmed (by the contract), duplicates dropped whatever their case, first spelling kept. */
export async function editTags(
  ctx: AppContext,
  companyId: string,
  { realmId, customerRef }: CustomerOf,
  tags: string[],
) {
  await assertOwnRealm(ctx, companyId, realmId);
  await existingCustomer(ctx, companyId, customerRef);
  const seen = new Set<string>();
  const unique = tags.filter((tag) => {
    const key = tag.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return (await repo.saveProfile(ctx.db, companyId, customerRef, { tags: unique })).tags;
}
