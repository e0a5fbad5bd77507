/**
 * The dashboard's figures, each grouped by currency with amounts already converted into the home
 * currency per record (QuickBooks' ExchangeRate, rounded per invoice or payment), so the service
 * adds home amounts only and knows which currencies were converted.
 */
import { and, eq, isNull, type SQLWrapper, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { creditMemos, customers, invoices, paymentApplications, payments } from "../../db/schema/index.ts";
import {
  AGING_BUCKETS,
  agingBucket,
  homeAmount,
  isOverdue,
  liveInvoices,
  num,
  openBalance,
  rowsOf,
} from "../receivables/index.ts";

/**
 * The home currency: that of the latest invoice QuickBooks gave no exchange rate (or a rate of
 * 1), which is in the home currency; else a customer's; else USD. Each branch walks an index of
 * the company (a bare `limit 1` could scan other companies' rows first).
 */
export async function homeCurrency(db: DbOrTx, companyId: string) {
  const [row] = await rowsOf(
    db,
    sql`(select ${invoices.currency} as currency from ${invoices}
        where ${liveInvoices(companyId)} and (${invoices.exchangeRate} is null or ${invoices.exchangeRate} = 1)
        order by ${invoices.txnDate} desc limit 1)
      union all
      (select ${customers.currency} from ${customers} where ${customers.companyId} = ${companyId}
        order by ${customers.qbId} limit 1)
      limit 1`,
  );
  return row ? String(row.currency) : "USD";
}

const invoiceHome = (cents: SQLWrapper) => homeAmount(cents, invoices.exchangeRate);

export type OpenCurrencyTotals = Record<(typeof AGING_BUCKETS)[number] | "total" | "overdue", number> & {
  currency: string;
  openInvoices: number;
  overdueInvoices: number;
};

/**
 * Open balances by currency and aging bucket, in home amounts: one pass over the
 * `invoices_open_by_customer` index with one bucket per row (cheaper than a filter per bucket).
 */
export async function openTotals(db: DbOrTx, companyId: string, today: string) {
  const rows = await rowsOf(
    db,
    sql`select ${invoices.currency} as currency, ${agingBucket(today)} as bucket, count(*) as n,
        sum(${invoiceHome(invoices.balanceCents)}) as home
      from ${invoices} where ${liveInvoices(companyId)} and ${openBalance}
      group by 1, 2`,
  );
  const byCurrency = new Map<string, OpenCurrencyTotals>();
  for (const r of rows) {
    const currency = String(r.currency);
    const totals = byCurrency.get(currency) ?? {
      currency,
      openInvoices: 0,
      overdueInvoices: 0,
      total: 0,
      overdue: 0,
      ...(Object.fromEntries(AGING_BUCKETS.map((b) => [b, 0])) as Record<
        (typeof AGING_BUCKETS)[number],
        number
      >),
    };
    const bucket = num(r.bucket);
    const [n, home] = [num(r.n), num(r.home)];
    totals[AGING_BUCKETS[bucket]!] += home;
    totals.total += home;
    totals.openInvoices += n;
    if (bucket > 0) {
      totals.overdue += home;
      totals.overdueInvoices += n;
    }
    byCurrency.set(currency, totals);
  }
  return [...byCurrency.values()];
}

/** The customers owing the most overdue, in home amounts (ties: customer id). */
export async function mostOverdue(db: DbOrTx, companyId: string, today: string, limit: number) {
  const rows = await rowsOf(
    db,
    sql`select top.*, ${customers.displayName} as name, top.oldest_due::text as oldest_due_text,
        ${today}::date - top.oldest_due as days_overdue
      from (
        select ${invoices.customerQbId} as customer_ref, ${invoices.currency} as currency, count(*) as overdue_invoices,
          sum(${invoices.balanceCents}) as overdue, sum(${invoiceHome(invoices.balanceCents)}) as overdue_home,
          min(${invoices.dueDate}) as oldest_due
        from ${invoices}
        where ${liveInvoices(companyId)} and ${openBalance} and ${isOverdue(today)}
        group by 1, 2 order by overdue_home desc, customer_ref asc limit ${limit}
      ) top
      left join ${customers} on ${customers.companyId} = ${companyId} and ${customers.qbId} = top.customer_ref
        and ${customers.deletedAt} is null
      order by top.overdue_home desc, top.customer_ref asc`,
  );
  return rows.map((r) => ({
    customerRef: String(r.customer_ref),
    name: (r.name as string | null) ?? `Customer ${r.customer_ref}`,
    currency: String(r.currency),
    overdueCents: num(r.overdue),
    overdueHomeCents: num(r.overdue_home),
    overdueInvoices: num(r.overdue_invoices),
    oldestDueDate: String(r.oldest_due_text),
    daysOverdue: num(r.days_overdue),
  }));
}

/** Payments received from `from` to `to` (dates, inclusive), in home amounts by currency. */
export async function collected(db: DbOrTx, companyId: string, from: string, to: string) {
  const rows = await rowsOf(
    db,
    sql`select ${payments.currency} as currency,
        coalesce(sum(${homeAmount(payments.totalCents, payments.exchangeRate)}), 0) as home
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
    sql`select ${invoices.currency} as currency, coalesce(sum(${invoiceHome(invoices.totalCents)}), 0) as home
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
    from ${table}
    join ${paymentApplications} on ${paymentApplications.companyId} = ${table.companyId}
      and ${paymentApplications.sourceType} = ${sql.raw(`'${type}'`)} and ${paymentApplications.sourceQbId} = ${table.qbId}
    where ${table.companyId} = ${companyId} and ${table.deletedAt} is null and ${table.txnDate} >= ${from}::date`;
  return sql`select invoice_ref, sum(amount) as amount
    from (${source(payments, "Payment")} union all ${source(creditMemos, "CreditMemo")}) applied
    group by invoice_ref`;
};

/**
 * Receivables as they stood when `start` began, by currency in home amounts: each invoice dated
 * before it, its balance now plus what was applied to it since. Voided invoices count for none.
 */
export async function receivablesAt(db: DbOrTx, companyId: string, start: string) {
  const rows = await rowsOf(
    db,
    sql`with since as (${appliedSince(companyId, start)})
      select ${invoices.currency} as currency,
        coalesce(sum(${invoiceHome(sql`${invoices.balanceCents} + coalesce(since.amount, 0)`)}), 0) as home
      from ${invoices} left join since on since.invoice_ref = ${invoices.qbId}
      where ${liveInvoices(companyId)} and not ${invoices.voided} and ${invoices.txnDate} < ${start}::date
        and (${invoices.balanceCents} > 0 or since.amount is not null)
      group by ${invoices.currency}`,
  );
  return rows.map((r) => ({ currency: String(r.currency), home: num(r.home) }));
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
