/**
 * SQL shared by the collections queries (invoices, aging, customers, dashboard): what "live",
 * "open", a status and days past due mean, relative to the company's "today" (a date parameter).
 */
import type { InvoiceRow, InvoiceStatus } from "@recoup/contracts";
import { and, eq, isNull, type SQLWrapper, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { companies, customers, invoices, qboConnections } from "../../db/schema/index.ts";

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

/** The columns of an invoice row; the invoice's own customer name, else the customer's. */
export const invoiceRowColumns = (date: string) => ({
  id: invoices.qbId,
  docNumber: invoices.docNumber,
  customerRef: invoices.customerQbId,
  customerName: sql<string>`coalesce(${invoices.customerName}, ${customers.displayName}, '')`,
  email: invoices.email,
  txnDate: invoices.txnDate,
  dueDate: invoices.dueDate,
  currency: invoices.currency,
  totalCents: invoices.totalCents,
  balanceCents: sql<number>`case when ${invoices.voided} then 0 else ${invoices.balanceCents} end`,
  status: invoiceStatus(date),
  daysOverdue: daysOverdue(date),
});

/**
 * An amount in the home currency: QuickBooks' rate for the record, rounded per record (half away
 * from zero). Home-currency records (no rate) stay integers: numeric arithmetic is slow on PGlite.
 */
export const homeAmount = (cents: SQLWrapper, rate: SQLWrapper) =>
  sql`case when ${rate} is null then ${cents} else round((${cents}) * ${rate})::bigint end`;

const bucket = (date: string, from: number, to?: number) =>
  to === undefined
    ? sql`sum(${invoices.balanceCents}) filter (where ${daysPastDue(date)} >= ${sql.raw(String(from))})`
    : sql`sum(${invoices.balanceCents}) filter (where ${daysPastDue(date)} between ${sql.raw(String(from))} and ${sql.raw(String(to))})`;

/**
 * Every open balance of a company grouped by customer (and currency, which QuickBooks fixes per
 * customer): one pass over the `invoices_open_by_customer` index. Amounts in the customer's
 * currency.
 */
export const openByCustomer = (companyId: string, date: string) => sql`
  select ${invoices.customerQbId} as customer_ref, ${invoices.currency} as currency,
    count(*)::int as open_invoices,
    sum(${invoices.balanceCents}) as outstanding,
    coalesce(sum(${invoices.balanceCents}) filter (where ${isOverdue(date)}), 0) as overdue,
    min(${invoices.dueDate}) as oldest_due,
    coalesce(sum(${invoices.balanceCents}) filter (where not coalesce(${isOverdue(date)}, false)), 0) as current,
    coalesce(${bucket(date, 1, 30)}, 0) as days1to30,
    coalesce(${bucket(date, 31, 60)}, 0) as days31to60,
    coalesce(${bucket(date, 61, 90)}, 0) as days61to90,
    coalesce(${bucket(date, 91)}, 0) as over90
  from ${invoices}
  where ${liveInvoices(companyId)} and ${openBalance}
  group by ${invoices.customerQbId}, ${invoices.currency}`;

/** Joins an invoice to its customer (for the name fallback). */
export const invoiceCustomer = and(
  eq(customers.companyId, invoices.companyId),
  eq(customers.qbId, invoices.customerQbId),
);

/** Drivers differ on bigint and numeric (string, bigint or number): amounts here stay below 2^53 cents. */
export const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

export const toInvoiceRow = (
  r: {
    [K in keyof ReturnType<typeof invoiceRowColumns>]: unknown;
  },
): InvoiceRow => ({
  id: String(r.id),
  docNumber: (r.docNumber as string | null) ?? null,
  customerRef: String(r.customerRef),
  customerName: String(r.customerName),
  email: (r.email as string | null) ?? null,
  txnDate: String(r.txnDate),
  dueDate: (r.dueDate as string | null) ?? null,
  currency: String(r.currency),
  totalCents: num(r.totalCents),
  balanceCents: num(r.balanceCents),
  status: r.status as InvoiceStatus,
  daysOverdue: num(r.daysOverdue),
});

/** `ILIKE` pattern for a substring, with `%`, `_` and `\` taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Sort direction from the allow-list; PostgreSQL's default null placement, so one index serves both. */
export const direction = (order: "asc" | "desc") => sql.raw(order === "asc" ? "asc" : "desc");

export async function findCompanyTimezone(db: DbOrTx, companyId: string) {
  const [row] = await db
    .select({ timezone: companies.timezone })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.timezone;
}

export async function customerExists(db: DbOrTx, companyId: string, customerRef: string) {
  const [row] = await db
    .select({ id: customers.qbId })
    .from(customers)
    .where(
      and(eq(customers.companyId, companyId), eq(customers.qbId, customerRef), isNull(customers.deletedAt)),
    );
  return Boolean(row);
}

export async function invoiceExists(db: DbOrTx, companyId: string, invoiceId: string) {
  const [row] = await db
    .select({ id: invoices.qbId })
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.qbId, invoiceId), isNull(invoices.deletedAt)));
  return Boolean(row);
}

/** The realm the company is linked to (whatever the connection's state: its data stays readable). */
export async function findRealmId(db: DbOrTx, companyId: string) {
  const [row] = await db
    .select({ realmId: qboConnections.realmId })
    .from(qboConnections)
    .where(eq(qboConnections.companyId, companyId));
  return row?.realmId;
}
