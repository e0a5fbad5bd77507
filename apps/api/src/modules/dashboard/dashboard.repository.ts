/**
 * The dashboard's figures, each grouped by currency with amounts already converted into the home
 * currency per record (QuickBooks' ExchangeRate, rounded per invoice or payment), so the service
 * adds home amounts only and knows which currencies were converted.
 */
import { and, eq, isNull, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { creditMemos, customers, invoices, paymentApplications, payments } from "../../db/schema/index.ts";
import {
  daysPastDue,
  inHome,
  isOverdue,
  liveInvoices,
  num,
  openBalance,
  openByCustomer,
} from "../invoices/invoice-sql.ts";

type Raw = Record<string, unknown>;
const rowsOf = async (db: DbOrTx, query: SQL) =>
  ((await db.execute(query)) as unknown as { rows: Raw[] }).rows;

/**
 * The home currency: that of records QuickBooks gave no exchange rate (or a rate of 1), which
 * are in the home currency; else a customer's; else USD.
 */
export async function homeCurrency(db: DbOrTx, companyId: string) {
  const [row] = await rowsOf(
    db,
    sql`(select ${invoices.currency} as currency from ${invoices}
        where ${liveInvoices(companyId)} and (${invoices.exchangeRate} is null or ${invoices.exchangeRate} = 1) limit 1)
      union all (select ${customers.currency} from ${customers} where ${customers.companyId} = ${companyId} limit 1)
      limit 1`,
  );
  return row ? String(row.currency) : "USD";
}

const homeSum = (cents: SQLWrapper, filter?: SQL) =>
  filter
    ? sql`coalesce(sum(${inHome(cents)}) filter (where ${filter}), 0)`
    : sql`coalesce(sum(${inHome(cents)}), 0)`;

/** Open balances by currency: counts, and home amounts per aging bucket. */
export async function openTotals(db: DbOrTx, companyId: string, today: string) {
  const days = daysPastDue(today);
  const rows = await rowsOf(
    db,
    sql`select ${invoices.currency} as currency, count(*) as open_invoices,
        count(*) filter (where ${isOverdue(today)}) as overdue_invoices,
        ${homeSum(invoices.balanceCents)} as total,
        ${homeSum(invoices.balanceCents, sql`${isOverdue(today)}`)} as overdue,
        ${homeSum(invoices.balanceCents, sql`not coalesce(${isOverdue(today)}, false)`)} as current,
        ${homeSum(invoices.balanceCents, sql`${days} between 1 and 30`)} as days1to30,
        ${homeSum(invoices.balanceCents, sql`${days} between 31 and 60`)} as days31to60,
        ${homeSum(invoices.balanceCents, sql`${days} between 61 and 90`)} as days61to90,
        ${homeSum(invoices.balanceCents, sql`${days} > 90`)} as over90
      from ${invoices} where ${liveInvoices(companyId)} and ${openBalance}
      group by ${invoices.currency}`,
  );
  return rows.map((r) => ({
    currency: String(r.currency),
    openInvoices: num(r.open_invoices),
    overdueInvoices: num(r.overdue_invoices),
    total: num(r.total),
    overdue: num(r.overdue),
    current: num(r.current),
    days1to30: num(r.days1to30),
    days31to60: num(r.days31to60),
    days61to90: num(r.days61to90),
    over90: num(r.over90),
  }));
}

/** Payments received from `from` to `to` (dates, inclusive), in home amounts by currency. */
export async function collected(db: DbOrTx, companyId: string, from: string, to: string) {
  const rows = await rowsOf(
    db,
    sql`select ${payments.currency} as currency,
        coalesce(sum(round(${payments.totalCents} * coalesce(${payments.exchangeRate}, 1))), 0) as home
      from ${payments}
      where ${payments.companyId} = ${companyId} and ${payments.deletedAt} is null
        and ${payments.txnDate} between ${from}::date and ${to}::date
      group by ${payments.currency}`,
  );
  return rows.map((r) => ({ currency: String(r.currency), home: num(r.home) }));
}

/** Invoiced from `from` to `to` (inclusive, by invoice date; voided invoices excluded), home amounts. */
export async function invoiced(db: DbOrTx, companyId: string, from: string, to: string) {
  const rows = await rowsOf(
    db,
    sql`select ${invoices.currency} as currency, ${homeSum(invoices.totalCents)} as home
      from ${invoices}
      where ${liveInvoices(companyId)} and not ${invoices.voided}
        and ${invoices.txnDate} between ${from}::date and ${to}::date
      group by ${invoices.currency}`,
  );
  return rows.map((r) => ({ currency: String(r.currency), home: num(r.home) }));
}

/** What payments and credit memos dated from `from` on applied, per invoice. */
const appliedSince = (companyId: string, from: string) => {
  const source = (table: typeof payments | typeof creditMemos, type: "Payment" | "CreditMemo") => sql`
    select ${paymentApplications.invoiceQbId} as invoice_ref, ${paymentApplications.amountCents} as amount
    from ${paymentApplications}
    join ${table} on ${table.companyId} = ${paymentApplications.companyId} and ${table.qbId} = ${paymentApplications.sourceQbId}
    where ${paymentApplications.companyId} = ${companyId} and ${paymentApplications.sourceType} = ${sql.raw(`'${type}'`)}
      and ${table.deletedAt} is null and ${table.txnDate} >= ${from}::date`;
  return sql`select invoice_ref, sum(amount) as amount
    from (${source(payments, "Payment")} union all ${source(creditMemos, "CreditMemo")}) applied
    group by invoice_ref`;
};

/**
 * Receivables as they stood when `start` began, by currency in home amounts: each invoice dated
 * before it, its balance now plus what was applied to it since. Voided invoices count for none.
 */
export async function receivablesAt(db: DbOrTx, companyId: string, start: string) {
  const before = sql`${invoices.txnDate} < ${start}::date`;
  const rows = await rowsOf(
    db,
    sql`with since as (${appliedSince(companyId, start)})
      select currency, coalesce(sum(home), 0) as home from (
        select ${invoices.currency} as currency, ${inHome(sql`${invoices.balanceCents} + coalesce(since.amount, 0)`)} as home
        from ${invoices} left join since on since.invoice_ref = ${invoices.qbId}
        where ${liveInvoices(companyId)} and ${openBalance} and ${before}
        union all
        select ${invoices.currency}, ${inHome(sql`since.amount`)}
        from since join ${invoices} on ${invoices.companyId} = ${companyId} and ${invoices.qbId} = since.invoice_ref
        where ${invoices.deletedAt} is null and not ${invoices.voided} and ${invoices.balanceCents} <= 0 and ${before}
      ) at_start group by currency`,
  );
  return rows.map((r) => ({ currency: String(r.currency), home: num(r.home) }));
}

/** The customers owing the most overdue (in home amounts). */
export async function mostOverdue(db: DbOrTx, companyId: string, today: string, limit: number) {
  const rows = await rowsOf(
    db,
    sql`select open.customer_ref, coalesce(${customers.displayName}, 'Customer ' || open.customer_ref) as name,
        open.currency, open.overdue, open.overdue_home, open.overdue_invoices, open.oldest_due::text as oldest_due,
        (${today}::date - open.oldest_due) as days_overdue
      from (${openByCustomer(companyId, today)}) open
      left join ${customers} on ${customers.companyId} = ${companyId} and ${customers.qbId} = open.customer_ref
        and ${customers.deletedAt} is null
      where open.overdue_invoices > 0
      order by open.overdue_home desc, open.customer_ref asc
      limit ${limit}`,
  );
  return rows.map((r) => ({
    customerRef: String(r.customer_ref),
    name: String(r.name),
    currency: String(r.currency),
    overdueCents: num(r.overdue),
    overdueHomeCents: num(r.overdue_home),
    overdueInvoices: num(r.overdue_invoices),
    oldestDueDate: (r.oldest_due as string | null) ?? null,
    daysOverdue: num(r.days_overdue),
  }));
}

/** QuickBooks ids are numbers in text: the highest (latest) first. */
const newestId = (id: SQLWrapper) => sql`length(${id}) desc, ${id} desc`;

/**
 * Candidates for recent activity: the latest payments, new invoices (by their date) and voided
 * invoices (by when they changed), `limit` of each; the service orders and cuts them.
 */
export async function recentActivity(db: DbOrTx, companyId: string, limit: number) {
  const customerName = (ref: SQLWrapper) =>
    sql`(select ${customers.displayName} from ${customers} where ${customers.companyId} = ${companyId} and ${customers.qbId} = ${ref})`;
  const [pays, created, voided] = await Promise.all([
    db
      .select({
        id: payments.qbId,
        date: payments.txnDate,
        at: payments.qbUpdatedAt,
        customerRef: payments.customerQbId,
        customerName: sql<string | null>`${customerName(payments.customerQbId)}`,
        docNumber: sql<string | null>`null`,
        currency: payments.currency,
        amountCents: payments.totalCents,
      })
      .from(payments)
      .where(and(eq(payments.companyId, companyId), isNull(payments.deletedAt)))
      .orderBy(sql`${payments.txnDate} desc, ${payments.qbUpdatedAt} desc, ${newestId(payments.qbId)}`)
      .limit(limit),
    ...[false, true].map((isVoided) =>
      db
        .select({
          id: invoices.qbId,
          date: invoices.txnDate,
          at: invoices.qbUpdatedAt,
          customerRef: invoices.customerQbId,
          customerName: sql<
            string | null
          >`coalesce(${invoices.customerName}, ${customerName(invoices.customerQbId)})`,
          docNumber: invoices.docNumber,
          currency: invoices.currency,
          amountCents: invoices.totalCents,
        })
        .from(invoices)
        .where(and(liveInvoices(companyId), isVoided ? sql`${invoices.voided}` : sql`not ${invoices.voided}`))
        .orderBy(
          isVoided
            ? sql`${invoices.qbUpdatedAt} desc, ${newestId(invoices.qbId)}`
            : sql`${invoices.txnDate} desc, ${invoices.qbUpdatedAt} desc, ${newestId(invoices.qbId)}`,
        )
        .limit(limit),
    ),
  ]);
  return { payments: pays, created: created!, voided: voided! };
}
