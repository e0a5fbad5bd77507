import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { anyOf, noneOf } from "../../db/any-of.ts";
import type { DbOrTx } from "../../db/client.ts";
import { jsonRowsInsert, setFromExcluded } from "../../db/json-rows.ts";
import { emailMessages } from "../../db/schema/index.ts";

export type EmailMessageRow = typeof emailMessages.$inferSelect;

export type NewEmailMessage = typeof emailMessages.$inferInsert;

/** Stores a message once per company, Message-ID and invoice; answers the stored row and whether it is new. */
export async function insertMessage(db: DbOrTx, row: NewEmailMessage) {
  const [inserted] = await db
    .insert(emailMessages)
    .values(row)
    .onConflictDoNothing({
      target: [emailMessages.companyId, emailMessages.messageId, emailMessages.invoiceQbId],
    })
    .returning();
  if (inserted) return { row: inserted, created: true };
  const [existing] = await db
    .select()
    .from(emailMessages)
    .where(
      and(
        eq(emailMessages.companyId, row.companyId),
        eq(emailMessages.messageId, row.messageId),
        row.invoiceQbId ? eq(emailMessages.invoiceQbId, row.invoiceQbId) : isNull(emailMessages.invoiceQbId),
      ),
    );
  return { row: existing!, created: false };
}

/** Outbound messages: created when sent (or finally failed), updated if recorded again. */
export async function upsertOutboundMessages(db: DbOrTx, rows: NewEmailMessage[]) {
  if (rows.length === 0) return;
  const set = setFromExcluded(Object.keys(rows[0]!), ["companyId", "messageId", "invoiceQbId"]);
  // One JSON parameter, not Drizzle's per-value `values()`: a send batch records hundreds at once.
  await db.execute(sql`insert into ${emailMessages} ${jsonRowsInsert(emailMessages, rows)}
    on conflict (company_id, message_id, invoice_qb_id) do update set ${set}`);
}

/**
 * The latest message of each of these invoices' threads, to answer in it: what a new email's
 * In-Reply-To and References point at. `except`: Message-IDs not to count (the emails being sent).
 */
export async function lastThreadMessages(
  db: DbOrTx,
  companyId: string,
  invoiceIds: string[],
  except: string[] = [],
) {
  if (invoiceIds.length === 0) return new Map<string, { messageId: string; references: string[] }>();
  const rows = await db
    .selectDistinctOn([emailMessages.invoiceQbId], {
      invoiceId: emailMessages.invoiceQbId,
      messageId: emailMessages.messageId,
      references: emailMessages.references,
    })
    .from(emailMessages)
    .where(
      and(
        eq(emailMessages.companyId, companyId),
        anyOf(emailMessages.invoiceQbId, invoiceIds),
        inArray(emailMessages.kind, ["automatic", "manual", "reply"]),
        except.length ? noneOf(emailMessages.messageId, except) : undefined,
      ),
    )
    .orderBy(emailMessages.invoiceQbId, desc(emailMessages.at));
  return new Map(rows.map((r) => [r.invoiceId!, { messageId: r.messageId, references: r.references }]));
}

/** A sent message a bounce reported undelivered. */
export async function markBounced(db: DbOrTx, companyId: string, messageId: string) {
  await db
    .update(emailMessages)
    .set({ status: "bounced" })
    .where(
      and(
        eq(emailMessages.companyId, companyId),
        eq(emailMessages.messageId, messageId),
        eq(emailMessages.direction, "outbound"),
      ),
    );
}
