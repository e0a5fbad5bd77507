/**
 * The dashboard's figures, each grouped by currency with amounts already converted into the home
 * currency per record (QuickBooks' ExchangeRate, rounded per invoice or payment), so the service
 * adds home amounts only and knows which currencies were converted.
 */
import { type SQLWrapper, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { customers, invoices } from "../../db/schema/index.ts";
import { homeAmount, liveInvoices, rowsOf } from "../receivables/index.ts";

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

export const invoiceHome = (cents: SQLWrapper) => homeAmount(cents, invoices.exchangeRate);
