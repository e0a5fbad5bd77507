import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { emailMessages, invoices } from "../../db/schema/index.ts";

/** Our messages among these Message-IDs (any company: ids are ours and unique), nearest first. */
export async function messagesByIds(db: DbOrTx, messageIds: string[]) {
  if (messageIds.length === 0) return [];
  const rows = await db
    .select({
      companyId: emailMessages.companyId,
      invoiceQbId: emailMessages.invoiceQbId,
      customerQbId: emailMessages.customerQbId,
      messageId: emailMessages.messageId,
      toAddress: emailMessages.toAddress,
      ccAddress: emailMessages.ccAddress,
      bccAddress: emailMessages.bccAddress,
      at: emailMessages.at,
    })
    .from(emailMessages)
    .where(and(inArray(emailMessages.messageId, messageIds), eq(emailMessages.direction, "outbound")));
  return messageIds.flatMap((id) => rows.filter((r) => r.messageId === id));
}

/** An invoice of the company by its QuickBooks number (DocNumber), for replies without other keys. */
export async function invoiceByNumber(db: DbOrTx, companyId: string, docNumber: string) {
  const [row] = await db
    .select({ id: invoices.qbId, customerRef: invoices.customerQbId })
    .from(invoices)
    .where(
      and(
        eq(invoices.companyId, companyId),
        eq(invoices.docNumber, docNumber),
        sql`${invoices.deletedAt} is null`,
      ),
    )
    .limit(1);
  return row;
}

export async function invoiceCustomerRef(db: DbOrTx, companyId: string, invoiceId: string) {
  const [row] = await db
    .select({ customerRef: invoices.customerQbId })
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.qbId, invoiceId)));
  return row?.customerRef;
}
