import { and, asc, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { customers, emailMessages, invoices, invoiceThreads } from "../../db/schema/index.ts";
import { invoiceCustomer, invoiceRowColumns, toInvoiceRow } from "../receivables/index.ts";

/** The invoice as the thread shows it (status and balance as of `today`). */
export async function threadInvoice(db: DbOrTx, companyId: string, invoiceId: string, today: string) {
  const [row] = await db
    .select(invoiceRowColumns(today))
    .from(invoices)
    .leftJoin(customers, invoiceCustomer)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.qbId, invoiceId)));
  return row && toInvoiceRow(row);
}

export function threadMessages(db: DbOrTx, companyId: string, invoiceId: string) {
  return db
    .select()
    .from(emailMessages)
    .where(and(eq(emailMessages.companyId, companyId), eq(emailMessages.invoiceQbId, invoiceId)))
    .orderBy(asc(emailMessages.at), asc(emailMessages.createdAt));
}

/** The newest message of each of these invoices' threads. */
export async function latestMessages(db: DbOrTx, companyId: string, invoiceIds: string[]) {
  if (invoiceIds.length === 0) return [];
  return db
    .selectDistinctOn([emailMessages.invoiceQbId])
    .from(emailMessages)
    .where(and(eq(emailMessages.companyId, companyId), inArray(emailMessages.invoiceQbId, invoiceIds)))
    .orderBy(emailMessages.invoiceQbId, desc(emailMessages.at), desc(emailMessages.createdAt));
}

export async function threadStates(db: DbOrTx, companyId: string, invoiceIds: string[]) {
  if (invoiceIds.length === 0) return [];
  return db
    .select()
    .from(invoiceThreads)
    .where(and(eq(invoiceThreads.companyId, companyId), inArray(invoiceThreads.invoiceQbId, invoiceIds)));
}

export async function markReplyWaiting(db: DbOrTx, companyId: string, invoiceId: string, at: Date) {
  await db
    .insert(invoiceThreads)
    .values({ companyId, invoiceQbId: invoiceId, replyWaitingSince: at })
    .onConflictDoUpdate({
      target: [invoiceThreads.companyId, invoiceThreads.invoiceQbId],
      // The first unhandled reply's time stays.
      set: {
        replyWaitingSince: sql`coalesce(${invoiceThreads.replyWaitingSince}, excluded.reply_waiting_since)`,
        updatedAt: new Date(),
      },
    });
}

export async function markHandled(
  db: DbOrTx,
  companyId: string,
  invoiceId: string,
  userId: string,
  at: Date,
) {
  const rows = await db
    .update(invoiceThreads)
    .set({ replyWaitingSince: null, handledAt: at, handledBy: userId, updatedAt: at })
    .where(
      and(
        eq(invoiceThreads.companyId, companyId),
        eq(invoiceThreads.invoiceQbId, invoiceId),
        isNotNull(invoiceThreads.replyWaitingSince),
      ),
    )
    .returning({ id: invoiceThreads.invoiceQbId });
  return rows.length > 0;
}
