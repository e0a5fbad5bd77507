import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  notInArray,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client.ts";
import { customers, emailMessages, invoices, invoiceThreads } from "../../db/schema/index.ts";
import { containsPattern, invoiceCustomer, invoiceRowColumns, toInvoiceRow } from "../receivables/index.ts";

export type EmailMessageRow = typeof emailMessages.$inferSelect;
export type NewEmailMessage = typeof emailMessages.$inferInsert;

/** Stores a message once per company and Message-ID; answers the stored row and whether it is new. */
export async function insertMessage(db: DbOrTx, row: NewEmailMessage) {
  const [inserted] = await db
    .insert(emailMessages)
    .values(row)
    .onConflictDoNothing({ target: [emailMessages.companyId, emailMessages.messageId] })
    .returning();
  if (inserted) return { row: inserted, created: true };
  const [existing] = await db
    .select()
    .from(emailMessages)
    .where(and(eq(emailMessages.companyId, row.companyId), eq(emailMessages.messageId, row.messageId)));
  return { row: existing!, created: false };
}

/** Outbound messages: created when sent (or finally failed), updated if recorded again. */
export async function upsertOutboundMessages(db: DbOrTx, rows: NewEmailMessage[]) {
  if (rows.length === 0) return;
  const set: Record<string, SQL> = {};
  for (const key of Object.keys(rows[0]!)) {
    if (key === "companyId" || key === "messageId") continue;
    set[key] = sql.raw(`excluded."${key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}"`);
  }
  await db
    .insert(emailMessages)
    .values(rows)
    .onConflictDoUpdate({ target: [emailMessages.companyId, emailMessages.messageId], set });
}

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
        inArray(emailMessages.invoiceQbId, invoiceIds),
        inArray(emailMessages.kind, ["automatic", "manual", "reply"]),
        except.length ? notInArray(emailMessages.messageId, except) : undefined,
      ),
    )
    .orderBy(emailMessages.invoiceQbId, desc(emailMessages.at));
  return new Map(rows.map((r) => [r.invoiceId!, { messageId: r.messageId, references: r.references }]));
}

export interface ThreadListParams {
  companyId: string;
  search: string | undefined;
  /** Only the invoices whose reply waits for someone. */
  waitingOnly: boolean;
  offset: number;
  limit: number;
}

/**
 * Invoices with a thread, the latest activity first: each with its message count and latest
 * message. Search covers the invoice number, the customer's name and the addresses.
 */
export async function threadInvoices(db: DbOrTx, today: string, p: ThreadListParams) {
  const search: SQL | undefined = p.search
    ? or(
        ilike(invoices.docNumber, containsPattern(p.search)),
        ilike(
          sql`coalesce(${invoices.customerName}, ${customers.displayName}, '')`,
          containsPattern(p.search),
        ),
        ilike(sql`coalesce(${invoices.email}, '')`, containsPattern(p.search)),
      )
    : undefined;
  const latest = db
    .select({
      invoiceQbId: emailMessages.invoiceQbId,
      messages: count().as("messages"),
      lastAt: sql<Date>`max(${emailMessages.at})`.as("last_at"),
    })
    .from(emailMessages)
    .where(and(eq(emailMessages.companyId, p.companyId), isNotNull(emailMessages.invoiceQbId)))
    .groupBy(emailMessages.invoiceQbId)
    .as("latest");
  const waiting = sql`exists (select 1 from ${invoiceThreads} where ${invoiceThreads.companyId} = ${p.companyId}
    and ${invoiceThreads.invoiceQbId} = ${latest.invoiceQbId} and ${invoiceThreads.replyWaitingSince} is not null)`;
  const where = and(search, p.waitingOnly ? waiting : undefined);
  // The page and the count read the same join.
  const joined = <Q extends PgSelect>(query: Q) =>
    query
      .innerJoin(invoices, and(eq(invoices.companyId, p.companyId), eq(invoices.qbId, latest.invoiceQbId)))
      .leftJoin(customers, invoiceCustomer)
      .where(where);
  const [rows, [total]] = await Promise.all([
    joined(
      db
        .select({ ...invoiceRowColumns(today), messages: latest.messages, lastAt: latest.lastAt })
        .from(latest)
        .$dynamic(),
    )
      .orderBy(desc(latest.lastAt), desc(invoices.qbId))
      .limit(p.limit)
      .offset(p.offset),
    joined(db.select({ n: count() }).from(latest).$dynamic()),
  ]);
  return {
    rows: rows.map((r) => ({ invoice: toInvoiceRow(r), messages: Number(r.messages) })),
    total: Number(total?.n ?? 0),
  };
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
