/** The outbox's rows: read, updated as they are sent, and listed in the log. */
import { and, count, desc, eq, sql } from "drizzle-orm";
import { anyOf } from "../../db/any-of.ts";
import type { DbOrTx } from "../../db/client.ts";
import { reminders } from "../../db/schema/index.ts";

export type ReminderRow = typeof reminders.$inferSelect;
export type NewReminder = typeof reminders.$inferInsert;
export function findReminders(db: DbOrTx, ids: string[]) {
  return db.select().from(reminders).where(anyOf(reminders.id, ids));
}
export async function updateReminder(db: DbOrTx, id: string, values: Partial<NewReminder>) {
  await db
    .update(reminders)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(reminders.id, id));
}
export interface SentRecord {
  id: string;
  subject: string;
  sentAt: Date;
  /** The addresses it went to (comma-separated), and who was left out and why. */
  to: string;
  cc: string;
  bcc: string;
  note: string | null;
}
/** Records reminders sent (their rendered subject, when, and to whom), with one statement. */
export async function markSent(db: DbOrTx, rows: readonly SentRecord[]) {
  if (rows.length === 0) return;
  await db.execute(sql`
    update ${reminders} set status = 'sent', subject = d.subject, sent_at = d."sentAt", error = null,
      to_address = d."to", cc_address = d.cc, bcc_address = d.bcc, note = d.note, updated_at = now()
    from json_to_recordset(${JSON.stringify(rows)}::json)
      as d(id uuid, subject text, "sentAt" timestamptz, "to" text, cc text, bcc text, note text)
    where ${reminders.id} = d.id`);
}
/**
 * Counts an attempt of each before the SMTP calls, so a crash mid-send still counts. Answers the
 * counts of those still queued, by id.
 */
export async function countAttempts(db: DbOrTx, ids: string[]) {
  const rows = await db
    .update(reminders)
    .set({ attempts: sql`${reminders.attempts} + 1`, updatedAt: new Date() })
    .where(and(anyOf(reminders.id, ids), eq(reminders.status, "queued")))
    .returning({ id: reminders.id, attempts: reminders.attempts });
  return new Map(rows.map((r) => [r.id, r.attempts]));
}
/** The latest sent reminder of each of these invoices. */
export async function lastSent(db: DbOrTx, companyId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .selectDistinctOn([reminders.invoiceQbId], {
      invoiceId: reminders.invoiceQbId,
      stage: reminders.stage,
      sentAt: reminders.sentAt,
    })
    .from(reminders)
    .where(
      and(
        eq(reminders.companyId, companyId),
        anyOf(reminders.invoiceQbId, ids),
        eq(reminders.status, "sent"),
      ),
    )
    .orderBy(reminders.invoiceQbId, desc(reminders.sentAt));
}
/** The log, newest decision first. */
export async function reminderLog(
  db: DbOrTx,
  p: { companyId: string; invoiceId?: string; status?: ReminderRow["status"]; offset: number; limit: number },
) {
  const where = and(
    eq(reminders.companyId, p.companyId),
    p.invoiceId ? eq(reminders.invoiceQbId, p.invoiceId) : undefined,
    p.status ? eq(reminders.status, p.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(reminders)
      .where(where)
      .orderBy(desc(reminders.decidedAt), desc(reminders.id))
      .offset(p.offset)
      .limit(p.limit),
    db.select({ n: count() }).from(reminders).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}
