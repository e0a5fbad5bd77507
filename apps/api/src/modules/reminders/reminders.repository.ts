import { and, count, countDistinct, desc, eq, gte, inArray, isNotNull, lt, max, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { customers, invoices, reminders } from "../../db/schema/index.ts";
import { liveInvoices, openBalance } from "../invoices/receivables.repository.ts";

export type ReminderRow = typeof reminders.$inferSelect;
export type NewReminder = typeof reminders.$inferInsert;

const invoiceColumns = {
  id: invoices.qbId,
  docNumber: invoices.docNumber,
  customerRef: invoices.customerQbId,
  customerName: sql<string>`coalesce(${invoices.customerName}, ${customers.displayName}, '')`,
  email: invoices.email,
  currency: invoices.currency,
  balanceCents: invoices.balanceCents,
  dueDate: invoices.dueDate,
  voided: invoices.voided,
  deleted: sql<boolean>`${invoices.deletedAt} is not null`,
};
export type InvoiceForReminder = {
  [K in keyof typeof invoiceColumns]: K extends "deleted" | "voided"
    ? boolean
    : K extends "balanceCents"
      ? number
      : K extends "customerName" | "id" | "customerRef" | "currency"
        ? string
        : string | null;
};

const customerJoin = and(
  eq(customers.companyId, invoices.companyId),
  eq(customers.qbId, invoices.customerQbId),
);

/**
 * The invoices the schedule may chase: live, with a balance, not voided, with a due date and an
 * address (read from the `invoices_company_due_open` index). With `ids`, only those.
 */
export function remindableInvoices(db: DbOrTx, companyId: string, ids?: string[]) {
  return db
    .select(invoiceColumns)
    .from(invoices)
    .leftJoin(customers, customerJoin)
    .where(
      and(
        liveInvoices(companyId),
        openBalance,
        isNotNull(invoices.dueDate),
        isNotNull(invoices.email),
        ids ? inArray(invoices.qbId, ids) : undefined,
      ),
    ) as Promise<InvoiceForReminder[]>;
}

/** One invoice as it is now (paid, voided or deleted included). */
export async function findInvoice(db: DbOrTx, companyId: string, invoiceId: string) {
  const [row] = (await db
    .select(invoiceColumns)
    .from(invoices)
    .leftJoin(customers, customerJoin)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.qbId, invoiceId)))) as InvoiceForReminder[];
  return row;
}

/** The most overdue open invoice with an address, for a template preview. */
export async function mostOverdueInvoice(db: DbOrTx, companyId: string) {
  const [row] = (await db
    .select(invoiceColumns)
    .from(invoices)
    .leftJoin(customers, customerJoin)
    .where(and(liveInvoices(companyId), openBalance, isNotNull(invoices.dueDate), isNotNull(invoices.email)))
    .orderBy(invoices.dueDate, invoices.qbId)
    .limit(1)) as InvoiceForReminder[];
  return row;
}

/**
 * The reminders that count for the schedule (all but cancelled) of a company's open invoices,
 * or of the invoices given.
 */
export function reminderHistory(db: DbOrTx, companyId: string, ids?: string[]) {
  const columns = {
    invoiceId: reminders.invoiceQbId,
    stage: reminders.stage,
    cycle: reminders.cycle,
    scheduledFor: reminders.scheduledFor,
    status: reminders.status,
    decidedAt: reminders.decidedAt,
    sentAt: reminders.sentAt,
  };
  const counted = and(eq(reminders.companyId, companyId), ne(reminders.status, "cancelled"));
  if (ids)
    return db
      .select(columns)
      .from(reminders)
      .where(and(counted, inArray(reminders.invoiceQbId, ids)));
  return db
    .select(columns)
    .from(reminders)
    .innerJoin(
      invoices,
      and(eq(invoices.companyId, reminders.companyId), eq(invoices.qbId, reminders.invoiceQbId), openBalance),
    )
    .where(counted);
}
export type HistoryRow = Awaited<ReturnType<typeof reminderHistory>>[number];

/** Inserts decisions; one already taken (same company, invoice, stage, cycle) is skipped. Answers the new ids. */
export async function insertReminders(tx: DbOrTx, rows: NewReminder[]) {
  if (rows.length === 0) return [];
  return tx
    .insert(reminders)
    .values(rows)
    .onConflictDoNothing({
      target: [reminders.companyId, reminders.invoiceQbId, reminders.stage, reminders.cycle],
    })
    .returning({ id: reminders.id });
}

/** The next unused cycle number of an invoice's manual sends. */
export async function nextManualCycle(tx: DbOrTx, companyId: string, invoiceId: string) {
  const [row] = await tx
    .select({ last: max(reminders.cycle) })
    .from(reminders)
    .where(
      and(
        eq(reminders.companyId, companyId),
        eq(reminders.invoiceQbId, invoiceId),
        eq(reminders.stage, "manual"),
      ),
    );
  return (row?.last ?? -1) + 1;
}

export async function findReminder(db: DbOrTx, id: string) {
  const [row] = await db.select().from(reminders).where(eq(reminders.id, id));
  return row;
}

export async function updateReminder(db: DbOrTx, id: string, values: Partial<NewReminder>) {
  await db
    .update(reminders)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(reminders.id, id));
}

/** Counts an attempt before the SMTP call, so a crash mid-send still counts. Answers the count. */
export async function countAttempt(db: DbOrTx, id: string) {
  const [row] = await db
    .update(reminders)
    .set({ attempts: sql`${reminders.attempts} + 1`, updatedAt: new Date() })
    .where(and(eq(reminders.id, id), eq(reminders.status, "queued")))
    .returning({ attempts: reminders.attempts });
  return row?.attempts;
}

/** Distinct invoices that received a reminder (automatic or manual) in [from, to): the plans' usage. */
export async function countInvoicesReminded(db: DbOrTx, companyId: string, from: Date, to: Date) {
  const [row] = await db
    .select({ n: countDistinct(reminders.invoiceQbId) })
    .from(reminders)
    .where(
      and(
        eq(reminders.companyId, companyId),
        eq(reminders.status, "sent"),
        gte(reminders.sentAt, from),
        lt(reminders.sentAt, to),
      ),
    );
  return Number(row?.n ?? 0);
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
        inArray(reminders.invoiceQbId, ids),
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
