import { and, eq, isNull, type SQLWrapper, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { customers, invoices, payments } from "../../db/schema/index.ts";
import { liveInvoices } from "../receivables/index.ts";

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
