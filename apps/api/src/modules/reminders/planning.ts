import type { Holds } from "../holds/index.ts";
import type { PauseRow } from "../pauses/index.ts";
import type { HistoryRow, InvoiceToPlan } from "./history.repository.ts";
import type { InvoiceForReminder } from "./remindable.repository.ts";
import type { SettingsRow } from "./reminder-settings.repository.ts";
import type {
  FollowUpInterval,
  ReminderInvoice,
  ReminderSettings,
  ReminderStage,
  SentReminder,
} from "./schedule-types.ts";

/**
 * From stored rows to the schedule's inputs: the company's settings, each invoice with the pause
 * in force on it, and what it was already sent. The schedule itself stays pure (schedule.ts).
 */

export function scheduleSettings(
  s: Pick<SettingsRow, "timezone" | "followUpInterval" | "sendTime" | "weekdaysOnly">,
  override: { sendTime?: string | undefined; weekdaysOnly?: boolean | undefined } = {},
): ReminderSettings {
  return {
    timeZone: s.timezone,
    followUpInterval: Number(s.followUpInterval) as FollowUpInterval,
    sendTime: override.sendTime ?? s.sendTime,
    weekdaysOnly: override.weekdaysOnly ?? s.weekdaysOnly,
  };
}

export function historyByInvoice(rows: readonly HistoryRow[]): Map<string, SentReminder[]> {
  const byInvoice = new Map<string, SentReminder[]>();
  for (const r of rows) {
    const list = byInvoice.get(r.invoiceId) ?? [];
    // A queued reminder counts as sent when it was decided: the schedule must not decide it again.
    list.push({
      stage: r.stage,
      cycle: r.cycle,
      scheduledFor: r.scheduledFor,
      sentAt: r.sentAt ?? r.decidedAt,
    });
    byInvoice.set(r.invoiceId, list);
  }
  return byInvoice;
}

/**
 * The history the planner reads (`invoicesToPlan`), summed up per invoice in SQL, as the few sent
 * reminders the schedule reads exactly as it would read the whole history: the schedule looks at
 * the keys (stage, cycle) only for the key it is about to decide, which is a before-due or on-due
 * notice (cycle 0) or an after-due one above the highest cycle used; the rest is maxima: the latest
 * date served, the latest local day an email went, the latest day of a manual one (a reminder
 * without a date). Every entry below carries values the whole history holds (the latest date
 * served and the latest send), so none moves a maximum; the "manual" entries' keys are never
 * asked for.
 */
export function sentFromSummary(
  h: Pick<
    InvoiceToPlan,
    "beforeDue" | "onDue" | "afterCycle" | "lastScheduled" | "lastAtMs" | "lastManualAtMs" | "lastMissedAtMs"
  > & { customCycles?: string | null },
): SentReminder[] {
  if (h.lastAtMs === null) return [];
  // Without any date served, every reminder counts as manual and the latest send is a manual one.
  const carrier = { scheduledFor: h.lastScheduled, sentAt: new Date(h.lastAtMs) };
  const sent: SentReminder[] = [{ stage: "manual", cycle: -1, ...carrier }];
  if (h.lastManualAtMs !== null && h.lastScheduled !== null) {
    sent.push({ stage: "manual", cycle: -1, scheduledFor: null, sentAt: new Date(h.lastManualAtMs) });
  }
  if (h.beforeDue) sent.push({ stage: "before_due_date", cycle: 0, ...carrier });
  if (h.onDue) sent.push({ stage: "on_due_date", cycle: 0, ...carrier });
  if (h.afterCycle !== null) sent.push({ stage: "after_due_date", cycle: h.afterCycle, ...carrier });
  // A company schedule's stage: its highest cycle (a fixed stage's is 0: sent; a repeating one's next is above it).
  const highest = new Map<string, number>();
  for (const pair of h.customCycles?.split(",") ?? []) {
    const [stage, cycle] = pair.split("=") as [string, string];
    highest.set(stage, Math.max(Number(cycle), highest.get(stage) ?? -1));
  }
  for (const [stage, cycle] of highest) sent.push({ stage: stage as ReminderStage, cycle, ...carrier });
  // Its key is never asked for (the open promise says whether it was missed): only its day counts.
  if (h.lastMissedAtMs !== null)
    sent.push({ stage: "missed_promise", cycle: -1, ...carrier, sentAt: new Date(h.lastMissedAtMs) });
  return sent;
}

export interface Pauses {
  invoice: Map<string, PauseRow>;
  customer: Map<string, PauseRow>;
}

export function pausesByTarget(rows: readonly PauseRow[]): Pauses {
  const pauses: Pauses = { invoice: new Map(), customer: new Map() };
  for (const p of rows) pauses[p.scope].set(p.targetQbId, p);
  return pauses;
}

/** The pause in force on an invoice: its own or its customer's; with both, the one lasting longer. */
export function pauseOn(
  inv: Pick<InvoiceForReminder, "id" | "customerRef">,
  pauses: Pauses,
): { scope: "invoice" | "customer"; until: string | null } | null {
  const found = [pauses.invoice.get(inv.id), pauses.customer.get(inv.customerRef)].filter(
    (p): p is PauseRow => Boolean(p),
  );
  if (found.length === 0) return null;
  const longest = found.reduce((a, b) =>
    a.until === null ? a : b.until === null ? b : a.until >= b.until ? a : b,
  );
  return { scope: longest.scope, until: longest.until };
}

export function reminderInvoice(
  inv: Pick<
    InvoiceForReminder,
    "id" | "customerRef" | "dueDate" | "balanceCents" | "voided" | "deleted" | "email"
  >,
  pauses: Pauses,
  holds: Holds,
): ReminderInvoice {
  const pause = pauseOn(inv, pauses);
  const promise = holds.promises.get(inv.id);
  return {
    dueDate: inv.dueDate,
    balanceCents: inv.deleted ? 0 : inv.balanceCents,
    voided: inv.voided,
    hasEmail: Boolean(inv.email),
    pause: pause && { until: pause.until },
    promise: promise && { date: promise.promisedFor, missed: promise.missedAt !== null },
    disputed: holds.disputes.has(inv.id),
  };
}
