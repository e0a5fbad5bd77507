import { and, count, desc, eq, inArray, max, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { customers, emailMessages, invoices, reminders } from "../../db/schema/index.ts";
import { invoiceCustomer, invoiceRowColumns, toInvoiceRow } from "../receivables/index.ts";

/** The invoice as a draft states it (status and balance as of `today`), and whether it was deleted. */
export async function draftInvoice(db: DbOrTx, companyId: string, invoiceId: string, today: string) {
  const [row] = await db
    .select({ ...invoiceRowColumns(today), deleted: sql<boolean>`${invoices.deletedAt} is not null` })
    .from(invoices)
    .leftJoin(customers, invoiceCustomer)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.qbId, invoiceId)));
  return row && { ...toInvoiceRow(row), deleted: Boolean(row.deleted) };
}

/**
 * How many reminders (automatic and manual) went out for the invoice, how many of them were
 * overdue reminders (the after-due template, or a company schedule's stage dated after the due
 * date), and when the last one went.
 */
export async function sentReminders(db: DbOrTx, companyId: string, invoiceId: string) {
  const [row] = await db
    .select({
      sent: count(),
      // A company schedule's stage counts when it was dated after the due date.
      overdue: sql<number>`count(*) filter (where ${reminders.templateType} = 'after_due_date'
        or (${reminders.stage} like 'stage:%' and ${reminders.scheduledFor} > (select ${invoices.dueDate} from ${invoices}
          where ${invoices.companyId} = ${reminders.companyId} and ${invoices.qbId} = ${reminders.invoiceQbId})))`,
      lastSentAt: max(reminders.sentAt),
    })
    .from(reminders)
    .where(
      and(
        eq(reminders.companyId, companyId),
        eq(reminders.invoiceQbId, invoiceId),
        eq(reminders.status, "sent"),
      ),
    );
  return {
    sent: Number(row?.sent ?? 0),
    overdue: Number(row?.overdue ?? 0),
    lastSentAt: row?.lastSentAt ?? null,
  };
}

/** The customer's latest reply in the invoice's thread, unless an email of ours went out after it. */
export async function unansweredReply(db: DbOrTx, companyId: string, invoiceId: string) {
  const thread = and(eq(emailMessages.companyId, companyId), eq(emailMessages.invoiceQbId, invoiceId));
  const [[reply], [answered]] = await Promise.all([
    db
      .select({ text: emailMessages.text, replyText: emailMessages.replyText, at: emailMessages.at })
      .from(emailMessages)
      .where(and(thread, eq(emailMessages.kind, "reply")))
      .orderBy(desc(emailMessages.at))
      .limit(1),
    db
      .select({ at: max(emailMessages.at) })
      .from(emailMessages)
      .where(
        and(thread, inArray(emailMessages.kind, ["automatic", "manual"]), eq(emailMessages.status, "sent")),
      ),
  ]);
  if (!reply || (answered?.at && answered.at >= reply.at)) return undefined;
  return { text: reply.replyText || reply.text, at: reply.at };
}
