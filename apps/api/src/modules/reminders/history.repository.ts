/** What the planner reads: each invoice's reminders so far, and the invoices a run may decide for. */
import { and, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import { anyOf } from "../../db/any-of.ts";
import type { DbOrTx } from "../../db/client.ts";
import { invoicePromises, invoices, reminders } from "../../db/schema/index.ts";
import { liveInvoices, openBalance } from "../receivables/index.ts";
import type { PlanGroups } from "./followed-schedules.ts";
import { reminderAddress } from "./remindable.repository.ts";
import { offsetOf, type Stage } from "./stages.ts";

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
 * The latest date a reminder of this schedule can be scheduled for by `today` (its slots' dates, before
 * any weekend move), as SQL over the invoice's due date; null when none can be yet. Written as text
 * (one raw chunk, not dozens for the statement builder to walk per company): the numbers are the
 * stages' validated whole days, the date a validated `YYYY-MM-DD`.
 */
function latestSchedulable(stages: readonly Stage[], localToday: string): string {
  const int = (n: number) => {
    if (!Number.isInteger(n)) throw new Error(`not a whole number of days: ${n}`);
    return String(n);
  };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(localToday)) throw new Error(`not a date: ${localToday}`);
  const today = `'${localToday}'::date`;
  const due = `"invoices"."due_date"`;
  const last = stages.at(-1)!.timing;
  const end = last.kind === "final" ? `least(${today}, ${due} + ${int(offsetOf(last) - 1)})` : today;
  const candidates = stages.map(({ timing: t }) => {
    const first = `(${due} + ${int(offsetOf(t))})`;
    if (t.kind !== "repeat") return `case when ${first} <= ${today} then ${first} end`;
    const every = int(t.every);
    return `case when ${first} <= ${end} then ${first} + ${every} * ((${end} - ${first}) / ${every}) end`;
  });
  return candidates.length === 1 ? candidates[0]! : `greatest(${candidates.join(", ")})`;
}

/**
 * The planner's read: the invoices the schedule may chase (the rows of `remindableInvoices`, with
 * only the columns a decision needs) and, from each one's history (all but cancelled reminders),
 * only what the schedule reads of it: whether its before-due and on-due notices were decided, its
 * highest after-due cycle (and, with company schedules, the cycles of their stages), the
 * latest date served, and when the latest email and the latest manual one went (epoch ms). One row
 * per invoice rather than one per reminder ever sent; `sentFromSummary` (planning.ts) turns it
 * back into the schedule's input.
 *
 * Left out, because the schedule would certainly decide nothing for them on the local date
 * `today`: customers not chased; invoices due later than their earliest stage can come (every
 * reminder is scheduled on or after due minus the longest 'before' of the schedules in play); and
 * invoices already served a date as late as the latest any reminder of their customer's schedule
 * can be scheduled by `today`, or whose schedule has no date by then at all (the schedule only
 * sends a reminder scheduled by today and later than the latest served). After the day's first run that is nearly every invoice, so the runs every minute after
 * it read next to nothing. Kept whatever was served: an invoice whose open promise's date has
 * passed without its 'Missed Promise' (that reminder is scheduled the day after the date, not on
 * the schedule's grid).
 *
 * Plain SQL with every value cast to a JSON-like type: read alike on both backends, without
 * mapping every row column by column.
 */
export async function invoicesToPlan(
  db: DbOrTx,
  companyId: string,
  on: { today: string; groups: PlanGroups },
): Promise<InvoiceToPlan[]> {
  const r = reminders;
  const today = sql`${on.today}::date`;
  const due = sql`${invoices.dueDate}`;
  const { fallback, others, unchased, customStages } = on.groups;
  const fallbackLatest = sql.raw(latestSchedulable(fallback, on.today));
  const latest = others.length
    ? sql`case ${sql.join(
        others.map(
          (o) =>
            sql`when ${anyOf(invoices.customerQbId, o.customerRefs)} then ${sql.raw(latestSchedulable(o.stages, on.today))}`,
        ),
        sql` `,
      )} else ${fallbackLatest} end`
    : fallbackLatest;
  const earliest = Math.min(
    ...[fallback, ...others.map((o) => o.stages)].map((st) => offsetOf(st[0]!.timing)),
  );
  // Repeated apart: on the invoice alone, it filters the invoices before their history is summed up.
  const soon = sql`${due} <= ${today} + ${sql.raw(String(-earliest))}`;
  const chased = unchased.length ? sql`and not ${anyOf(invoices.customerQbId, unchased)}` : sql``;
  const at = sql`coalesce(${r.sentAt}, ${r.decidedAt})`;
  // An open promise whose date has passed, its 'Missed Promise' not yet decided, may be due whatever was served.
  const p = invoicePromises;
  const missedPromise = sql`exists (select 1 from ${p} where ${p.companyId} = ${invoices.companyId}
    and ${p.invoiceQbId} = ${invoices.qbId} and ${p.endedAt} is null and ${p.missedAt} is null and ${p.promisedFor} < ${today})`;
  // A company schedule's stages' cycles, as "stage:<key>=n,...", summed up with the rest of the
  // history (a second probe of the index per invoice cost a first day a fifth of its read); only
  // when there are any.
  const customCycles = customStages
    ? sql`string_agg(${r.stage} || '=' || ${r.cycle}, ',') filter (where ${r.stage} like 'stage:%')`
    : sql`null::text`;
  const result = await db.execute(sql`
    select ${invoices.qbId} as "id", ${invoices.customerQbId} as "customerRef", ${reminderAddress} as "email",
      ${invoices.balanceCents}::float8 as "balanceCents", ${invoices.dueDate}::text as "dueDate",
      ${invoices.voided} as "voided", ${invoices.deletedAt} is not null as "deleted",
      h.before_due as "beforeDue", h.on_due as "onDue", h.after_cycle as "afterCycle",
      h.last_scheduled as "lastScheduled", h.last_at_ms as "lastAtMs", h.last_manual_at_ms as "lastManualAtMs",
      h.last_missed_at_ms as "lastMissedAtMs", h.custom_cycles as "customCycles"
    from ${invoices}
    left join lateral (
      select coalesce(bool_or(${r.stage} = 'before_due_date' and ${r.cycle} = 0), false) as before_due,
        coalesce(bool_or(${r.stage} = 'on_due_date' and ${r.cycle} = 0), false) as on_due,
        max(${r.cycle}) filter (where ${r.stage} = 'after_due_date') as after_cycle,
        max(${r.scheduledFor})::text as last_scheduled,
        (extract(epoch from max(${at})) * 1000)::float8 as last_at_ms,
        (extract(epoch from max(${at}) filter (where ${r.scheduledFor} is null)) * 1000)::float8 as last_manual_at_ms,
        (extract(epoch from max(${at}) filter (where ${r.stage} = 'missed_promise')) * 1000)::float8 as last_missed_at_ms,
        ${customCycles} as custom_cycles
      from ${r}
      where ${r.companyId} = ${invoices.companyId} and ${r.invoiceQbId} = ${invoices.qbId}
        and ${r.status} <> 'cancelled'
    ) h on true
    where ${and(liveInvoices(companyId), openBalance, isNotNull(invoices.dueDate), isNotNull(reminderAddress))} ${chased}
      and (${soon} or ${missedPromise})
      and ((${soon} and ${latest} > coalesce(h.last_scheduled::date, '-infinity'::date)) or ${missedPromise})`);
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
  /** A company schedule's stages' cycles, "stage:<key>=n,..." (a stage may come more than once), or null. */
  customCycles: string | null;
}
