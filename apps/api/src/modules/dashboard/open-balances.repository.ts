/** Open balances by currency and aging bucket, in home amounts (see home-currency.repository.ts). */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { invoices } from "../../db/schema/index.ts";
import { AGING_BUCKETS, agingBucket, liveInvoices, num, openBalance, rowsOf } from "../receivables/index.ts";
import { invoiceHome } from "./home-currency.repository.ts";

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
