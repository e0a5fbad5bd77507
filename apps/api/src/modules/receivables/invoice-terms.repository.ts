/**
 * SQL shared by the collections queries (invoices, aging, customers, dashboard): what "live",
 * "open", a status and days past due mean, relative to the company's "today" (a date parameter).
 */
import type { HoldFilter, InvoiceStatus } from "@recoup/contracts";
import { and, eq, isNull, type SQLWrapper, sql } from "drizzle-orm";
import { invoiceDisputes, invoicePromises, invoices } from "../../db/schema/index.ts";

/** Not deleted at QuickBooks; the list indexes are partial on this. */
export const liveInvoices = (companyId: string) =>
  and(eq(invoices.companyId, companyId), isNull(invoices.deletedAt))!;

/** An open balance: the predicate of the `invoices_open_by_customer` index (literals, not parameters). */
export const openBalance = sql`(${invoices.balanceCents} > 0 and not ${invoices.voided})`;

export const today = (date: string) => sql`${date}::date`;

/** Whole days past the due date (negative before it); null without a due date. */
export const daysPastDue = (date: string) => sql`(${today(date)} - ${invoices.dueDate})`;

export const isOverdue = (date: string) => sql`${invoices.dueDate} < ${today(date)}`;

/** The status (voided invoices have no balance), and its rank in the contract's order for sorting. */
export const invoiceStatus = (date: string) =>
  sql<InvoiceStatus>`case when ${invoices.voided} then 'Voided' when ${invoices.balanceCents} <= 0 then 'Paid' when ${isOverdue(date)} then 'Overdue' else 'Open' end`;

export const invoiceStatusRank = (date: string) =>
  sql`case when ${invoices.voided} then 3 when ${invoices.balanceCents} <= 0 then 0 when ${isOverdue(date)} then 2 else 1 end`;

export const daysOverdue = (date: string) =>
  sql<number>`case when not ${invoices.voided} and ${invoices.balanceCents} > 0 and ${isOverdue(date)} then ${daysPastDue(date)} else 0 end`;

/**
 * An amount in the home currency: QuickBooks' rate for the record, rounded per record (half away
 * from zero). Home-currency records (no rate) stay integers: numeric arithmetic is slow on PGlite.
 */
export const homeAmount = (cents: SQLWrapper, rate: SQLWrapper) =>
  sql`case when ${rate} is null then ${cents} else round((${cents}) * ${rate})::bigint end`;

/** The aging buckets in the contract's order, numbered by days past due; no due date is current. */
export const AGING_BUCKETS = ["current", "days1to30", "days31to60", "days61to90", "over90"] as const;

export const agingBucket = (date: string) => {
  const due = invoices.dueDate;
  const since = (days: number) => sql`${due} >= ${today(date)} - ${sql.raw(String(days))}`;
  return sql`case when ${due} is null or ${due} >= ${today(date)} then 0 when ${since(30)} then 1
    when ${since(60)} then 2 when ${since(90)} then 3 else 4 end`;
};

/**
 * The lists' filter on holds: an open invoice with a promise to pay in force (its date today or
 * later: a missed one is chased again), or with an open dispute.
 */
export function holdFilter(hold: HoldFilter, date: string) {
  if (hold === "promised") {
    const p = invoicePromises;
    return sql`${openBalance} and exists (select 1 from ${p} where ${p.companyId} = ${invoices.companyId}
      and ${p.invoiceQbId} = ${invoices.qbId} and ${p.endedAt} is null and ${p.promisedFor} >= ${today(date)})`;
  }
  const d = invoiceDisputes;
  return sql`${openBalance} and exists (select 1 from ${d} where ${d.companyId} = ${invoices.companyId}
    and ${d.invoiceQbId} = ${invoices.qbId} and ${d.resolvedAt} is null)`;
}
