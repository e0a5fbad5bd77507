import {
  type EnablePreview,
  errorCodes,
  onboardingMessages,
  type PlannedReminderRow,
  type ReminderSettingsResponse,
  type SaveReminderSettingsRequest,
} from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import { addDays, dateIn, isTimeZone } from "../../lib/dates.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import * as pauseRepo from "../pauses/index.ts";
import { historyByInvoice, pausesByTarget, reminderInvoice, scheduleSettings } from "./planning.ts";
import * as settingsRepo from "./reminder-settings.repository.ts";
import { type InvoiceForReminder, remindableInvoices, reminderHistory } from "./reminders.repository.ts";
import { type DueReminder, dueReminder, nextReminders, windowState } from "./schedule.ts";

export async function loadSettings(ctx: AppContext, companyId: string) {
  const row = await settingsRepo.findSettings(ctx.db, companyId);
  if (!row) throw notFound("Company not found.");
  return row;
}

const blockOf = (s: settingsRepo.SettingsRow) =>
  s.enabled && s.blockedReason && s.blockedAt
    ? { reason: s.blockedReason, at: s.blockedAt.toISOString() }
    : null;

/** For the dashboard: whether reminders are on, and why they are on hold if they are. */
export async function reminderStatus(ctx: AppContext, companyId: string) {
  const s = await loadSettings(ctx, companyId);
  return { enabled: s.enabled, blocked: blockOf(s) };
}

export async function getReminderSettings(
  ctx: AppContext,
  companyId: string,
): Promise<ReminderSettingsResponse["data"]> {
  const s = await loadSettings(ctx, companyId);
  const window = windowState(scheduleSettings(s), ctx.now());
  return {
    enabled: s.enabled,
    sendTime: s.sendTime,
    weekdaysOnly: s.weekdaysOnly,
    timezone: s.timezone,
    locale: s.locale,
    followUpInterval: s.followUpInterval,
    window: {
      open: window.open,
      today: window.today,
      closesAt: window.closesAt?.toISOString() ?? null,
      nextOpensAt: window.nextOpensAt.toISOString(),
    },
    blocked:
      s.enabled && s.blockedReason ? { reason: s.blockedReason, at: s.blockedAt!.toISOString() } : null,
    lastPlannedAt: s.lastPlannedAt?.toISOString() ?? null,
  };
}

/**
 * Saves the settings. Turning reminders on needs `confirm: true`: without it nothing changes and
 * the answer (409) carries what would go out, so the user confirms knowing it.
 */
export async function saveReminderSettings(
  ctx: AppContext,
  companyId: string,
  input: SaveReminderSettingsRequest,
) {
  if (input.timezone !== undefined && !isTimeZone(input.timezone)) {
    throw new AppError(400, errorCodes.validation, onboardingMessages.timezoneInvalid);
  }
  const current = await loadSettings(ctx, companyId);
  const turningOn = input.enabled && !current.enabled;
  if (turningOn && input.confirm !== true) {
    const preview = await enablePreview(ctx, companyId, input);
    throw new AppError(
      409,
      errorCodes.confirmationRequired,
      "Confirm to turn on automatic reminders: see what would go out first.",
      preview,
    );
  }
  // A new time zone moves "today" and the send time with it; the schedule is read again from it.
  await settingsRepo.saveCompanyClock(ctx.db, companyId, { timezone: input.timezone, locale: input.locale });
  await settingsRepo.saveSettings(ctx.db, companyId, {
    enabled: input.enabled,
    sendTime: input.sendTime,
    weekdaysOnly: input.weekdaysOnly,
    ...(turningOn ? { enabledAt: ctx.now() } : {}),
    ...(!input.enabled ? { enabledAt: null } : {}),
  });
  return getReminderSettings(ctx, companyId);
}

/** The invoices the schedule may chase, as the schedule reads them, with their history. */
export async function planningInputs(ctx: AppContext, companyId: string, today: string, ids?: string[]) {
  const [invoices, history, pauses] = await Promise.all([
    remindableInvoices(ctx.db, companyId, ids),
    reminderHistory(ctx.db, companyId, ids),
    pauseRepo.activePauses(ctx.db, companyId, today),
  ]);
  const sent = historyByInvoice(history);
  const paused = pausesByTarget(pauses);
  return invoices.map((inv) => ({
    inv,
    schedule: reminderInvoice(inv, paused),
    sent: sent.get(inv.id) ?? [],
  }));
}

const plannedRow = (
  inv: InvoiceForReminder,
  due: DueReminder,
  date: string,
  opensAt: Date,
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
  cycle: due.cycle,
  scheduledFor: due.scheduledFor,
  date,
  opensAt: opensAt.toISOString(),
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
  const rows: PlannedReminderRow[] = [];
  for (const { inv, schedule, sent } of await planningInputs(ctx, companyId, date)) {
    const due = dueReminder(schedule, settings, at, sent);
    if (due) rows.push(plannedRow(inv, due, date, at));
  }
  rows.sort((a, b) => a.customerName.localeCompare(b.customerName) || a.invoiceId.localeCompare(b.invoiceId));
  const byStage = { before_due_date: 0, on_due_date: 0, after_due_date: 0 };
  for (const r of rows) byStage[r.stage]++;
  return {
    now: window.open,
    at: at.toISOString(),
    date,
    timezone: s.timezone,
    count: rows.length,
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
  const rows: PlannedReminderRow[] = [];
  for (const { inv, schedule, sent } of await planningInputs(ctx, companyId, from)) {
    for (const p of nextReminders(schedule, settings, now, sent, q.days)) {
      rows.push(plannedRow(inv, p, p.date, p.opensAt));
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
