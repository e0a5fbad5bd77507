/** What the customer page shows besides the ledger: the company's name, picture and payment words. */
import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { companies, customers, invoices } from "../../db/schema/index.ts";

export async function findPageCompany(db: DbOrTx, companyId: string) {
  const [row] = await db
    .select({
      name: companies.name,
      logo: companies.logo,
      logoType: companies.logoType,
      howToPay: companies.howToPay,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row;
}

export async function findCustomerName(db: DbOrTx, companyId: string, customerQbId: string) {
  const [row] = await db
    .select({ name: customers.displayName })
    .from(customers)
    .where(and(eq(customers.companyId, companyId), eq(customers.qbId, customerQbId)));
  return row?.name;
}

/** One of the customer's live invoices (paid ones included): its number, for the PDF's file name. */
export async function findCustomerInvoice(
  db: DbOrTx,
  companyId: string,
  customerQbId: string,
  invoiceId: string,
) {
  const [row] = await db
    .select({ id: invoices.qbId, number: invoices.docNumber })
    .from(invoices)
    .where(
      and(
        eq(invoices.companyId, companyId),
        eq(invoices.customerQbId, customerQbId),
        eq(invoices.qbId, invoiceId),
        isNull(invoices.deletedAt),
      ),
    );
  return row;
}
