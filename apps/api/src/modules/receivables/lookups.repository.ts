/** Single lookups: the company's clock, and whether a customer or an invoice exists. */
import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { companies, customers, invoices } from "../../db/schema/index.ts";

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
