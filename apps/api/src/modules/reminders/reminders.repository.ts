import type { TemplateType } from "@recoup/contracts";
import {
  and,
  count,
  countDistinct,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  lt,
  max,
  ne,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { customers, invoices, reminders } from "../../db/schema/index.ts";
import { liveInvoices, openBalance } from "../receivables/index.ts";

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
  return selectRemindable(db, companyId, ids ? inArray(invoices.qbId, ids) : undefined) as Promise<
    InvoiceForReminder[]
  >;
}

const selectRemindable = (db: DbOrTx, companyId: string, also?: SQL) =>
  db
    .select(invoiceColumns)
    .from(invoices)
    .leftJoin(customers, customerJoin)
    .where(
      and(liveInvoices(companyId), openBalance, isNotNull(invoices.dueDate), isNotNull(invoices.email), also),
    )
    .$dynamic();

/** One invoice as it is now (paid, voided or deleted included). */
export async function findInvoice(db: DbOrTx, companyId: string, invoiceId: string) {
  const [row] = (await db
    .select(invoiceColumns)
    .from(invoices)
    .leftJoin(customers, customerJoin)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.qbId, invoiceId)))) as InvoiceForReminder[];
  return row;
}

/**
 * The open invoice with an address that a template's preview is shown with, one its stage fits:
 * for the after-due notice the most overdue; before and on the due date the next one due (today
 * or later), else the most overdue when none is.
 */
export async function previewInvoice(db: DbOrTx, companyId: string, type: TemplateType, today: string) {
  const pick = (upcoming: boolean) =>
    selectRemindable(db, companyId, upcoming ? gte(invoices.dueDate, today) : undefined)
      .orderBy(invoices.dueDate, invoices.qbId)
      .limit(1) as Promise<InvoiceForReminder[]>;
  const [next] = type === "after_due_date" ? [] : await pick(true);
  return next ?? (await pick(false))[0];
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

/**
 * The planner's read: the invoices the schedule may chase (the rows of `remindableInvoices`, with
 * only the columns a decision needs) and, from each one's history (all but cancelled reminders),
 * only what the schedule reads of it: whether its before-due and on-due notices were decided, its
 * highest after-due cycle, the latest date served, and when the latest email and the latest manual
 * one went (epoch ms). One row per invoice rather than one per reminder ever sent;
 * `sentFromSummary` (planning.ts) turns it back into the schedule's input.
 *
 * Left out, because the schedule would certainly decide nothing for them on the local date
 * `today`: invoices due more than 3 days later (every reminder is scheduled on or after due - 3),
 * and invoices already served a date as late as the latest any reminder of theirs can be
 * scheduled by `today` (the schedule only sends a reminder scheduled later than the latest served:
 * the after-due cycle of `today`, or else the due date, or else due - 3). After the day's first
 * run that is nearly every invoice, so the runs every minute after it read next to nothing.
 *
 * Plain SQL with every value cast to a JSON-like type: read alike on both backends, without
 * mapping every row column by column.
 */
export async function invoicesToPlan(
  db: DbOrTx,
  companyId: string,
  on: { today: string; followUpInterval: number },
): Promise<InvoiceToPlan[]> {
  const r = reminders;
  const today = sql`${on.today}::date`;
  const due = invoices.dueDate;
  const latestSchedulable = sql`case
      when ${today} > ${due} then ${due} + 1 + ${on.followUpInterval}::int * ((${today} - ${due} - 1) / ${on.followUpInterval}::int)
      when ${today} = ${due} then ${due}
      else ${due} - 3 end`;
  const at = sql`coalesce(${r.sentAt}, ${r.decidedAt})`;
  const result = await db.execute(sql`
    select ${invoices.qbId} as "id", ${invoices.customerQbId} as "customerRef", ${invoices.email} as "email",
      ${invoices.balanceCents}::float8 as "balanceCents", ${invoices.dueDate}::text as "dueDate",
      ${invoices.voided} as "voided", ${invoices.deletedAt} is not null as "deleted",
      h.before_due as "beforeDue", h.on_due as "onDue", h.after_cycle as "afterCycle",
      h.last_scheduled as "lastScheduled", h.last_at_ms as "lastAtMs", h.last_manual_at_ms as "lastManualAtMs"
    from ${invoices}
    left join lateral (
      select coalesce(bool_or(${r.stage} = 'before_due_date' and ${r.cycle} = 0), false) as before_due,
        coalesce(bool_or(${r.stage} = 'on_due_date' and ${r.cycle} = 0), false) as on_due,
        max(${r.cycle}) filter (where ${r.stage} = 'after_due_date') as after_cycle,
        max(${r.scheduledFor})::text as last_scheduled,
        (extract(epoch from max(${at})) * 1000)::float8 as last_at_ms,
        (extract(epoch from max(${at}) filter (where ${r.scheduledFor} is null)) * 1000)::float8 as last_manual_at_ms
      from ${r}
      where ${r.companyId} = ${invoices.companyId} and ${r.invoiceQbId} = ${invoices.qbId}
        and ${r.status} <> 'cancelled'
    ) h on true
    where ${and(liveInvoices(companyId), openBalance, isNotNull(invoices.dueDate), isNotNull(invoices.email))}
      and ${due} <= ${today} + 3
      and (h.last_scheduled is null or h.last_scheduled::date < ${latestSchedulable})`);
  return (result as unknown as { rows: InvoiceToPlan[] }).rows;
}
export interface InvoiceToPlan {
  id: string;
  customerRef: string;
  email: string | null;
  balanceCents: number;
  dueDate: string | null;
  voided: boolean;
  deleted: boolean;
  beforeDue: boolean;
  onDue: boolean;
  afterCycle: number | null;
  lastScheduled: string | null;
  lastAtMs: number | null;
  lastManualAtMs: number | null;
}

/** A planner's decision: an outbox row with the defaults of everything else. */
export type Decision = Required<
  Pick<
    NewReminder,
    | "id"
    | "companyId"
    | "invoiceQbId"
    | "stage"
    | "cycle"
    | "scheduledFor"
    | "templateType"
    | "messageId"
    | "toAddress"
    | "decidedAt"
  >
>;

/**
 * Inserts a planning run's decisions with one statement (one JSON parameter, however many); one
 * already taken (same company, invoice, stage, cycle) is skipped. Answers the new ids.
 */
export async function insertDecisions(tx: DbOrTx, rows: readonly Decision[]): Promise<{ id: string }[]> {
  if (rows.length === 0) return [];
  const result = await tx.execute(sql`
    insert into ${reminders} (id, company_id, invoice_qb_id, stage, cycle, scheduled_for, template_type,
      message_id, to_address, decided_at)
    select "id", "companyId", "invoiceQbId", "stage", "cycle", "scheduledFor", "templateType", "messageId",
      "toAddress", "decidedAt"
    from json_to_recordset(${JSON.stringify(rows)}::json) as d("id" uuid, "companyId" uuid, "invoiceQbId" text,
      "stage" text, "cycle" integer, "scheduledFor" date, "templateType" text, "messageId" text, "toAddress" text,
      "decidedAt" timestamptz)
    on conflict (company_id, invoice_qb_id, stage, cycle) do nothing
    returning id::text as "id"`);
  return (result as unknown as { rows: { id: string }[] }).rows;
}

/** Rows per insert: far under PostgreSQL's 65,535 parameters a statement. */
const INSERT_CHUNK = 1000;

/** Inserts decisions; one already taken (same company, invoice, stage, cycle) is skipped. Answers the new ids. */
export async function insertReminders(tx: DbOrTx, rows: NewReminder[]) {
  const ids: { id: string }[] = [];
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    ids.push(
      ...(await tx
        .insert(reminders)
        .values(rows.slice(i, i + INSERT_CHUNK))
        .onConflictDoNothing({
          target: [reminders.companyId, reminders.invoiceQbId, reminders.stage, reminders.cycle],
        })
        .returning({ id: reminders.id })),
    );
  }
  return ids;
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

/** Invoices as they are now (paid, voided or deleted included), by QuickBooks id. */
export function findInvoices(db: DbOrTx, companyId: string, invoiceIds: string[]) {
  return db
    .select(invoiceColumns)
    .from(invoices)
    .leftJoin(customers, customerJoin)
    .where(and(eq(invoices.companyId, companyId), inArray(invoices.qbId, invoiceIds))) as Promise<
    InvoiceForReminder[]
  >;
}

export function findReminders(db: DbOrTx, ids: string[]) {
  return db.select().from(reminders).where(inArray(reminders.id, ids));
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
}

/** Records reminders sent (their rendered subject and when), with one statement. */
export async function markSent(db: DbOrTx, rows: readonly SentRecord[]) {
  if (rows.length === 0) return;
  await db.execute(sql`
    update ${reminders} set status = 'sent', subject = d.subject, sent_at = d."sentAt", error = null, updated_at = now()
    from json_to_recordset(${JSON.stringify(rows)}::json) as d(id uuid, subject text, "sentAt" timestamptz)
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
    .where(and(inArray(reminders.id, ids), eq(reminders.status, "queued")))
    .returning({ id: reminders.id, attempts: reminders.attempts });
  return new Map(rows.map((r) => [r.id, r.attempts]));
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

/**
 * The invoices that count against a month's usage, or will once their reminder goes: reminded in
 * it (`from` to `to`), or with a reminder queued.
 */
export async function invoicesCountedIn(db: DbOrTx, companyId: string, from: Date, to: Date) {
  const rows = await db
    .selectDistinct({ id: reminders.invoiceQbId })
    .from(reminders)
    .where(
      and(
        eq(reminders.companyId, companyId),
        or(
          and(eq(reminders.status, "sent"), gte(reminders.sentAt, from), lt(reminders.sentAt, to)),
          eq(reminders.status, "queued"),
        ),
      ),
    );
  return rows.map((r) => r.id);
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
