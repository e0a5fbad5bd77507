import { and, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { customerProfiles, customers, invoices } from "../../db/schema/index.ts";
import { liveInvoices, num } from "../receivables/index.ts";

export async function findCustomer(db: DbOrTx, companyId: string, customerRef: string) {
  const [row] = await db
    .select({
      customer: customers,
      note: customerProfiles.note,
      tags: customerProfiles.tags,
    })
    .from(customers)
    .leftJoin(
      customerProfiles,
      and(
        eq(customerProfiles.companyId, customers.companyId),
        eq(customerProfiles.customerQbId, customers.qbId),
      ),
    )
    .where(
      and(eq(customers.companyId, companyId), eq(customers.qbId, customerRef), isNull(customers.deletedAt)),
    );
  return row;
}

export async function countPaidInvoices(db: DbOrTx, companyId: string, customerRef: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(invoices)
    .where(
      and(
        liveInvoices(companyId),
        eq(invoices.customerQbId, customerRef),
        sql`not ${invoices.voided} and ${invoices.balanceCents} <= 0`,
      ),
    );
  return num(row?.n);
}
