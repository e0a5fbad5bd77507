/** What the schedule would send: the preview when reminders are turned on, and the upcoming reminders. */
import type { EnablePreview, PlannedReminderRow, TemplateType } from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import { SEND_BATCH_SIZE } from "../../jobs/send-reminder.ts";
import { addDays, dateIn } from "../../lib/dates.ts";
import * as holds from "../holds/index.ts";
import * as pauseRepo from "../pauses/index.ts";
import { combinedEmails } from "./combine.ts";
import { followedSchedules } from "./followed-schedules.ts";
import { reminderHistory } from "./history.repository.ts";
import { loadSettings } from "./load-settings.ts";
import { historyByInvoice, pausesByTarget, reminderInvoice, scheduleSettings } from "./planning.ts";
import { type InvoiceForReminder, remindableInvoices } from "./remindable.repository.ts";
import type { SettingsRow } from "./reminder-settings.repository.ts";
import { dueReminder, nextReminders } from "./schedule.ts";
import type { Followed } from "./schedule-choice.ts";
import type { DueReminder } from "./schedule-types.ts";
import { windowState } from "./send-window.ts";
import { stageNamer } from "./stage-names.ts";

/**
 * The invoices the schedule may chase, as the schedule reads them, with their history and the
 * schedule their customer follows (customers not chased are left out), and the stages' names.
 */
export async function planningInputs(ctx: AppContext, s: SettingsRow, today: string, ids?: string[]) {
  const { companyId } = s;
  const [invoices, history, pauses, held, followed] = await Promise.all([
    remindableInvoices(ctx.db, companyId, ids),
    reminderHistory(ctx.db, companyId, ids),
    pauseRepo.activePauses(ctx.db, companyId, today),
    holds.holdsOn(ctx.db, companyId, ids),
    followedSchedules(ctx.db, companyId, Number(s.followUpInterval)),
  ]);
  const sent = historyByInvoice(history);
  const paused = pausesByTarget(pauses);
  const rows = invoices.flatMap((inv) => {
    const follows = followed.scheduleOf(inv.customerRef);
    if (!follows) return [];
    return [{ inv, follows, schedule: reminderInvoice(inv, paused, held), sent: sent.get(inv.id) ?? [] }];
  });
  return {
    rows,
    stageName: stageNamer(followed.schedules),
    /** Beside the schedule's name (the upcoming list): the stage's day only. */
    stageOnly: stageNamer(followed.schedules, true),
    followed,
  };
}
const plannedRow = (
  inv: InvoiceForReminder,
  due: DueReminder,
  at: { date: string; opensAt: Date; schedule: string; stageName: string },
): PlannedReminderRow => ({
  invoiceId: inv.id,
  docNumber: inv.docNumber,
  customerRef: inv.customerRef,
  customerName: inv.customerName,
  email: inv.email ?? "",
  currency: inv.currency,
  balanceCents: Number(inv.balanceCents),
  dueDate: inv.dueDate!,
  stage: due.stage,
  stageName: at.stageName,
  schedule: at.schedule,
  cycle: due.cycle,
  scheduledFor: due.scheduledFor,
  date: at.date,
  opensAt: at.opensAt.toISOString(),
});
const byDateThenCustomer = (a: PlannedReminderRow, b: PlannedReminderRow) =>
  a.date.localeCompare(b.date) ||
  a.customerName.localeCompare(b.customerName) ||
  a.invoiceId.localeCompare(b.invoiceId);
/** What would go out at the next send time if reminders were turned on now with these settings. */
export async function enablePreview(
  ctx: AppContext,
  companyId: string,
  override: { sendTime?: string | undefined; weekdaysOnly?: boolean | undefined } = {},
): Promise<EnablePreview> {
  const s = await loadSettings(ctx, companyId);
  const settings = scheduleSettings(s, override);
  const now = ctx.now();
  const window = windowState(settings, now);
  const at = window.open ? now : window.nextOpensAt;
  const date = dateIn(s.timezone, at);
  const inputs = await planningInputs(ctx, s, date);
  const rows: PlannedReminderRow[] = [];
  for (const { inv, follows, schedule, sent } of inputs.rows) {
    const due = dueReminder(schedule, settings, at, sent, follows.stages);
    if (due)
      rows.push(
        plannedRow(inv, due, {
          date,
          opensAt: at,
          schedule: follows.name,
          stageName: inputs.stageOnly(due.stage),
        }),
      );
  }
  rows.sort((a, b) => a.customerName.localeCompare(b.customerName) || a.invoiceId.localeCompare(b.invoiceId));
  const byStage = { before_due_date: 0, on_due_date: 0, after_due_date: 0, missed_promise: 0, custom: 0 };
  for (const r of rows) byStage[r.stage.startsWith("stage:") ? "custom" : (r.stage as TemplateType)]++;
  return {
    now: window.open,
    at: at.toISOString(),
    date,
    timezone: s.timezone,
    count: rows.length,
    emails: s.combineReminders
      ? combinedEmails(
          rows.map((r) => r.customerRef),
          SEND_BATCH_SIZE,
        )
      : rows.length,
    recipients: new Set(rows.map((r) => r.email.toLowerCase())).size,
    byStage,
    reminders: rows.slice(0, 100),
  };
}
/** The planned sends of the next `days` local days: the schedule replayed day by day. */
export async function upcomingReminders(
  ctx: AppContext,
  companyId: string,
  q: { days: number; limit: number },
) {
  const s = await loadSettings(ctx, companyId);
  const settings = scheduleSettings(s);
  const now = ctx.now();
  const from = dateIn(s.timezone, now);
  const inputs = await planningInputs(ctx, s, from);
  const rows: PlannedReminderRow[] = [];
  for (const { inv, follows, schedule, sent } of inputs.rows) {
    for (const p of nextReminders(schedule, settings, now, sent, q.days, follows.stages)) {
      const at = {
        date: p.date,
        opensAt: p.opensAt,
        schedule: follows.name,
        stageName: inputs.stageOnly(p.stage),
      };
      rows.push(plannedRow(inv, p, at));
    }
  }
  rows.sort(byDateThenCustomer);
  return {
    enabled: s.enabled,
    from,
    to: addDays(from, q.days - 1),
    total: rows.length,
    reminders: rows.slice(0, q.limit),
  };
}

/** How many reminders the next `days` local days hold for invoices whose customer's schedule passes `which`. */
export async function upcomingFor(
  ctx: AppContext,
  companyId: string,
  which: (s: Followed) => boolean,
  days = 14,
) {
  const s = await loadSettings(ctx, companyId);
  const settings = scheduleSettings(s);
  const now = ctx.now();
  let count = 0;
  const inputs = await planningInputs(ctx, s, dateIn(s.timezone, now));
  for (const { follows, schedule, sent } of inputs.rows) {
    if (which(follows)) count += nextReminders(schedule, settings, now, sent, days, follows.stages).length;
  }
  return count;
}
