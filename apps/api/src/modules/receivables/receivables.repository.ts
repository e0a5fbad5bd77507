/**
 * SQL shared by the collections queries (invoices, aging, customers, dashboard): what "live",
 * "open", a status and days past due mean, relative to the company's "today" (a date parameter).
 */
import type { InvoiceRow, InvoiceStatus } from "@recoup/contracts";
import { and, eq, isNull, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client.ts";
import { companies, customerSearchText, customers, invoices } from "../../db/schema/index.ts";

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

/** The aging buckets in the contract's order, numbered by days past due; no due date is current. */
export const AGING_BUCKETS = ["current", "days1to30", "days31to60", "days61to90", "over90"] as const;
export const agingBucket = (date: string) => {
  const due = invoices.dueDate;
  const since = (days: number) => sql`${due} >= ${today(date)} - ${sql.raw(String(days))}`;
  return sql`case when ${due} is null or ${due} >= ${today(date)} then 0 when ${since(30)} then 1
    when ${since(60)} then 2 when ${since(90)} then 3 else 4 end`;
};

/**
 * Every open balance of a company grouped by customer (and currency, which QuickBooks fixes per
 * customer): one pass over the `invoices_open_by_customer` index, in the customer's currency.
 * The customer list wants counts and overdue; the aging report wants the buckets.
 */
export const openByCustomer = (
  companyId: string,
  date: string,
  figures: "balances" | "buckets",
  search?: string,
) => {
  const sumWhere = (where: SQL) => sql`coalesce(sum(balance) filter (where ${where}), 0)`;
  return sql`
  select customer_ref, currency, sum(balance) as outstanding,
    ${
      figures === "balances"
        ? sql`count(*)::int as open_invoices, min(due_date) as oldest_due,
            ${sumWhere(sql`due_date < ${today(date)}`)} as overdue`
        : sql.join(
            AGING_BUCKETS.map((name, i) => sql`${sumWhere(sql.raw(`bucket = ${i}`))} as ${sql.raw(name)}`),
            sql`, `,
          )
    }
  from (
    select ${invoices.customerQbId} as customer_ref, ${invoices.currency} as currency,
      ${invoices.balanceCents} as balance, ${invoices.dueDate} as due_date, ${agingBucket(date)} as bucket
    from ${invoices}
    where ${liveInvoices(companyId)} and ${openBalance}
      ${search === undefined ? sql`` : sql`and ${invoices.customerQbId} in (${customersMatching(companyId, search)})`}
  ) open_invoices
  group by customer_ref, currency`;
};

/**
 * Customers with an open balance (the `openByCustomer` figures, those matching the search),
 * joined to their customer record only when the sort needs its name or email; otherwise only
 * the page is named afterwards (`pageCustomer`), which saves reading every customer.
 */
export const openCustomers = (
  companyId: string,
  date: string,
  figures: "balances" | "buckets",
  named: { name: boolean; search: string | undefined },
) => sql`
  select open.*${named.name ? sql`, ${customerName(customers.displayName, sql`open.customer_ref`)} as name, ${customers.email} as email` : sql``}
  from (${openByCustomer(companyId, date, figures, named.search)}) open
  ${named.name ? sql`left join ${customers} on ${customers.companyId} = ${companyId} and ${customers.qbId} = open.customer_ref and ${customers.deletedAt} is null` : sql``}`;

/** The customers whose name or email contains the text (through the trigram index). */
const customersMatching = (companyId: string, search: string) =>
  sql`select ${customers.qbId} from ${customers} where ${customers.companyId} = ${companyId}
    and ${customers.deletedAt} is null and ${customerSearchText(customers)} ilike ${containsPattern(search)}`;

/** A customer's name, or a stand-in for a customer QuickBooks did not send. */
const customerName = (displayName: SQLWrapper, ref: SQL) =>
  sql`coalesce(${displayName}, 'Customer ' || ${ref})`;

/** The customer record of each row of a page (alias `page`), and its name. */
const pageCustomers = alias(customers, "page_customer"); // joined below as `customers page_customer`
export const pageCustomer = {
  table: pageCustomers,
  join: (companyId: string) =>
    sql`left join ${customers} ${sql.identifier("page_customer")} on ${pageCustomers.companyId} = ${companyId} and ${pageCustomers.qbId} = page.customer_ref and ${pageCustomers.deletedAt} is null`,
  name: customerName(pageCustomers.displayName, sql`page.customer_ref`),
};

/** Joins an invoice to its customer (for the name fallback). */
export const invoiceCustomer = and(
  eq(customers.companyId, invoices.companyId),
  eq(customers.qbId, invoices.customerQbId),
);

/** The rows of a statement written in SQL (both drivers answer `{ rows }`). */
export const rowsOf = async (db: DbOrTx, query: SQL) =>
  ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

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
  // Filled by the reminders module for the rows it is asked about.
  lastReminder: null,
  nextReminder: null,
  remindersPaused: null,
});

/** `ILIKE` pattern for a substring, with `%`, `_` and `\` taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Sort direction from the allow-list; PostgreSQL's default null placement, so one index serves both. */
export const direction = (order: "asc" | "desc") => sql.raw(order === "asc" ? "asc" : "desc");

/** The company's time zone and the version of its data (what cached figures are keyed by). */
export async function findCompanyClock(db: DbOrTx, companyId: string) {
  const [row] = await db
    .select({ timezone: companies.timezone, dataVersion: companies.dataVersion })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row;
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
