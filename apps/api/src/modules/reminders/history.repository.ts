/** What the planner reads: each invoice's reminders so far, and the invoices a run may decide for. */
import { and, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { invoicePromises, invoices, reminders } from "../../db/schema/index.ts";
import { liveInvoices, openBalance } from "../receivables/index.ts";

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
 * Kept whatever was served: an invoice whose open promise's date has passed without its 'Missed
 * Promise' (that reminder is scheduled the day after the date, not on the schedule's grid).
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
  // An open promise whose date has passed, its 'Missed Promise' not yet decided, may be due whatever was served.
  const p = invoicePromises;
  const missedPromise = sql`exists (select 1 from ${p} where ${p.companyId} = ${invoices.companyId}
    and ${p.invoiceQbId} = ${invoices.qbId} and ${p.endedAt} is null and ${p.missedAt} is null and ${p.promisedFor} < ${today})`;
  const result = await db.execute(sql`
    select ${invoices.qbId} as "id", ${invoices.customerQbId} as "customerRef", ${invoices.email} as "email",
      ${invoices.balanceCents}::float8 as "balanceCents", ${invoices.dueDate}::text as "dueDate",
      ${invoices.voided} as "voided", ${invoices.deletedAt} is not null as "deleted",
      h.before_due as "beforeDue", h.on_due as "onDue", h.after_cycle as "afterCycle",
      h.last_scheduled as "lastScheduled", h.last_at_ms as "lastAtMs", h.last_manual_at_ms as "lastManualAtMs",
      h.last_missed_at_ms as "lastMissedAtMs"
    from ${invoices}
    left join lateral (
      select coalesce(bool_or(${r.stage} = 'before_due_date' and ${r.cycle} = 0), false) as before_due,
        coalesce(bool_or(${r.stage} = 'on_due_date' and ${r.cycle} = 0), false) as on_due,
        max(${r.cycle}) filter (where ${r.stage} = 'after_due_date') as after_cycle,
        max(${r.scheduledFor})::text as last_scheduled,
        (extract(epoch from max(${at})) * 1000)::float8 as last_at_ms,
        (extract(epoch from max(${at}) filter (where ${r.scheduledFor} is null)) * 1000)::float8 as last_manual_at_ms,
        (extract(epoch from max(${at}) filter (where ${r.stage} = 'missed_promise')) * 1000)::float8 as last_missed_at_ms
      from ${r}
      where ${r.companyId} = ${invoices.companyId} and ${r.invoiceQbId} = ${invoices.qbId}
        and ${r.status} <> 'cancelled'
    ) h on true
    where ${and(liveInvoices(companyId), openBalance, isNotNull(invoices.dueDate), isNotNull(invoices.email))}
      and ((${due} <= ${today} + 3
        and (h.last_scheduled is null or h.last_scheduled::date < ${latestSchedulable})) or ${missedPromise})`);
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
  lastMissedAtMs: number | null;
}
