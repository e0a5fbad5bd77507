import { and, asc, desc, eq, not, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { customers, invoices } from "../../db/schema/index.ts";
import { invoiceCustomer, invoiceRowColumns, toInvoiceRow } from "./invoice-rows.repository.ts";
import { liveInvoices, openBalance } from "./invoice-terms.repository.ts";

/** A customer's open invoices (oldest due first) and the latest paid or voided ones (newest first). */
export async function customerInvoices(db: DbOrTx, companyId: string, customerRef: string, today: string) {
  const mine = and(liveInvoices(companyId), eq(invoices.customerQbId, customerRef));
  const columns = invoiceRowColumns(today);
  const [open, closed] = await Promise.all([
    db
      .select(columns)
      .from(invoices)
      .leftJoin(customers, invoiceCustomer)
      .where(and(mine, openBalance))
      .orderBy(sql`${invoices.dueDate} asc nulls last`, asc(invoices.qbId)),
    db
      .select(columns)
      .from(invoices)
      .leftJoin(customers, invoiceCustomer)
      .where(and(mine, not(openBalance)))
      .orderBy(desc(invoices.txnDate), desc(invoices.qbId))
      .limit(50),
  ]);
  return { open: open.map(toInvoiceRow), closed: closed.map(toInvoiceRow) };
}
