/** Open balances on hold: under a promise to pay not yet missed, and under an open dispute. */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { invoiceDisputes, invoicePromises, invoices } from "../../db/schema/index.ts";
import { liveInvoices, num, openBalance, rowsOf } from "../receivables/index.ts";
import { invoiceHome } from "./home-currency.repository.ts";

/**
 * Per currency, in home amounts: the open invoices with an open promise dated today or later (a
 * promise whose date has passed is missed, chased again, and not counted), and those with an open
 * dispute; the invoices the Invoices list shows for `hold=promised` and `hold=disputed`
 * (receivables' `holdFilter`), read from the holds (few) to their invoices instead of testing
 * every open invoice, as holds are read afresh on each request.
 */
export async function heldTotals(db: DbOrTx, companyId: string, today: string) {
  const of = (kind: "promised" | "disputed") =>
    sql`count(*) filter (where held.kind = ${kind}) as ${sql.raw(`${kind}_n`)},
      coalesce(sum(${invoiceHome(invoices.balanceCents)}) filter (where held.kind = ${kind}), 0) as ${sql.raw(kind)}`;
  const rows = await rowsOf(
    db,
    sql`select ${invoices.currency} as currency, ${of("promised")}, ${of("disputed")}
      from (
        select ${invoicePromises.invoiceQbId} as invoice_ref, 'promised' as kind from ${invoicePromises}
        where ${invoicePromises.companyId} = ${companyId} and ${invoicePromises.endedAt} is null
          and ${invoicePromises.promisedFor} >= ${today}::date
        union all
        select ${invoiceDisputes.invoiceQbId}, 'disputed' from ${invoiceDisputes}
        where ${invoiceDisputes.companyId} = ${companyId} and ${invoiceDisputes.resolvedAt} is null
      ) held
      join ${invoices} on ${invoices.companyId} = ${companyId} and ${invoices.qbId} = held.invoice_ref
      where ${liveInvoices(companyId)} and ${openBalance}
      group by 1`,
  );
  return rows.map((r) => ({
    currency: String(r.currency),
    promised: num(r.promised),
    promisedInvoices: num(r.promised_n),
    disputed: num(r.disputed),
    disputedInvoices: num(r.disputed_n),
  }));
}
