/** What moved in a period: collected, invoiced, and receivables at its start, in home amounts. */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { creditMemos, invoices, paymentApplications, payments } from "../../db/schema/index.ts";
import { homeAmount, liveInvoices, num, rowsOf } from "../receivables/index.ts";
import { invoiceHome } from "./home-currency.repository.ts";

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
