/**
 * The reminder schedule (DECISIONS.md, "Reminder schedule") as pure functions: which reminder an
 * invoice is owed at an instant, and what is planned for the coming days. No database, no clock:
 * the engine passes `now` and what it already sent.
 */
import { assertTimeZone, type EpochDay, epochDay, isoDateOf, localClock } from "./local-time.ts";
import type {
  DueReminder,
  PlannedReminder,
  ReminderInvoice,
  ReminderSettings,
  ReminderStage,
  SentReminder,
} from "./schedule-types.ts";
import { CLOSES, isSendDay, opening, sendDay, type Timing, timing, windowOpen } from "./send-window.ts";
import { defaultStages, latestStageSlot, type Stage } from "./stages.ts";

/** One reminder of the schedule: `scheduled` is its date by the rule, `day` the day it goes out. */
export interface Slot {
  stage: ReminderStage;
  cycle: number;
  scheduled: EpochDay;
  day: EpochDay;
}
const slot = (t: Timing, stage: ReminderStage, cycle: number, scheduled: EpochDay): Slot => ({
  stage,
  cycle,
  scheduled,
  day: sendDay(t, scheduled),
});
/** The latest reminder of the schedule whose day has come: only it may go out. (Exported for stages.test.ts.) */
export function latestSlot(t: Timing, due: EpochDay, today: EpochDay): Slot | null {
  const firstAfter = due + 1;
  for (let cycle = Math.floor((today - firstAfter) / t.interval); cycle >= 0; cycle--) {
    const after = slot(t, "after_due_date", cycle, firstAfter + cycle * t.interval);
    if (after.day <= today) return after;
  }
  const earlier = [slot(t, "on_due_date", 0, due), slot(t, "before_due_date", 0, due - 3)];
  return earlier.find((s) => s.day <= today) ?? null;
}
function isChased(
  invoice: ReminderInvoice,
  today: EpochDay,
): invoice is ReminderInvoice & { dueDate: string } {
  if (invoice.voided || invoice.balanceCents <= 0 || !invoice.hasEmail || !invoice.dueDate) return false;
  if (invoice.disputed) return false;
  const pause = invoice.pause;
  return !pause || (pause.until !== null && today >= epochDay(pause.until));
}
const keyOf = (stage: string, cycle: number) => `${stage}:${cycle}`;
interface History {
  keys: Set<string>;
  /** Each stage's highest cycle. */
  lastCycle: Map<string, number>;
  /** The latest scheduled date already served. */
  lastScheduled: EpochDay;
  /** Local days, in the zone as it is now, of the latest send and the latest manual send. */
  lastDay: EpochDay;
  lastManualDay: EpochDay;
  /** The local day of the latest 'Missed Promise': the after-due notices keep the interval from it. */
  lastMissedDay: EpochDay;
}
const NONE = Number.NEGATIVE_INFINITY;
function record(past: History, stage: string, cycle: number, scheduled: EpochDay | null, day: EpochDay) {
  past.keys.add(keyOf(stage, cycle));
  past.lastCycle.set(stage, Math.max(past.lastCycle.get(stage) ?? -1, cycle));
  if (stage === "missed_promise") past.lastMissedDay = Math.max(past.lastMissedDay, day);
  if (scheduled === null) past.lastManualDay = Math.max(past.lastManualDay, day);
  else past.lastScheduled = Math.max(past.lastScheduled, scheduled);
  past.lastDay = Math.max(past.lastDay, day);
}
function history(t: Timing, sent: readonly SentReminder[]): History {
  const past: History = {
    keys: new Set(),
    lastCycle: new Map(),
    lastScheduled: NONE,
    lastDay: NONE,
    lastManualDay: NONE,
    lastMissedDay: NONE,
  };
  for (const s of sent) {
    const scheduled = s.scheduledFor === null ? null : epochDay(s.scheduledFor);
    record(past, s.stage, s.cycle, scheduled, localClock(t.zone, s.sentAt).day);
  }
  return past;
}
/**
 * The rule, on a day whose window is open, over the invoice's schedule (`stages`): the latest
 * reminder whose day has come, unless one scheduled as late or later was already sent (so a
 * catch-up sends only the latest, and a customer moved to another schedule continues from the date
 * reached), a manual send on or after its day stood in for it, or an email already went out today.
 */
function decide(
  t: Timing,
  invoice: ReminderInvoice,
  today: EpochDay,
  past: History,
  stages: readonly Stage[],
): Slot | null {
  if (!isChased(invoice, today) || today <= past.lastDay) return null;
  // After a schedule's final stage, nothing more: the invoice needs a call.
  const last = stages.at(-1);
  if (last?.timing.kind === "final" && past.keys.has(keyOf(last.key, 0))) return null;
  const promise = invoice.promise;
  if (promise && !promise.missed) {
    const promised = epochDay(promise.date);
    if (today <= promised) return null;
    // The day after the date, 'Missed Promise' once; its key is the date, so a new date gets its own.
    const missed = slot(t, "missed_promise", promised, promised + 1);
    if (!past.keys.has(keyOf(missed.stage, missed.cycle))) return missed.day <= today ? missed : null;
  }
  const found = latestStageSlot(stages, epochDay(invoice.dueDate), today, (d) => sendDay(t, d));
  if (!found) return null;
  const latest = slot(t, found.key as ReminderStage, found.cycle, found.scheduled);
  if (latest.scheduled <= past.lastScheduled || latest.day <= past.lastManualDay) return null;
  const timing = stages.find((s) => s.key === found.key)?.timing;
  const every = timing?.kind === "repeat" ? timing.every : null;
  // After 'Missed Promise', the next repeating notice waits a whole repetition (then goes, late).
  if (every !== null && today < past.lastMissedDay + every) return null;
  // After the repetition grows, the new cycle numbers fall below used ones.
  const cycle =
    every !== null ? Math.max(latest.cycle, (past.lastCycle.get(found.key) ?? -1) + 1) : latest.cycle;
  // Never a key twice, e.g. the before-due notice again after the due date was moved later.
  return past.keys.has(keyOf(latest.stage, cycle)) ? null : { ...latest, cycle };
}
/** The single reminder this invoice should get now, or null (window closed, not chased, or nothing new). */
export function dueReminder(
  invoice: ReminderInvoice,
  settings: ReminderSettings,
  now: Date,
  sent: readonly SentReminder[],
  stages: readonly Stage[] = defaultStages(settings.followUpInterval),
): DueReminder | null {
  const t = timing(settings);
  const clock = localClock(t.zone, now);
  if (!windowOpen(t, clock)) return null;
  const due = decide(t, invoice, clock.day, history(t, sent), stages);
  return due && asDue(due);
}
const asDue = (s: Slot): DueReminder => ({
  stage: s.stage,
  cycle: s.cycle,
  scheduledFor: isoDateOf(s.scheduled),
});
/**
 * What the engine will send in the next `horizonDays` local days (today included) if nothing
 * changes: the same rule applied at each window, each send added to the history as it goes.
 */
export function nextReminders(
  invoice: ReminderInvoice,
  settings: ReminderSettings,
  now: Date,
  sent: readonly SentReminder[],
  horizonDays = 14,
  stages: readonly Stage[] = defaultStages(settings.followUpInterval),
): PlannedReminder[] {
  const t = timing(settings);
  const clock = localClock(t.zone, now);
  const past = history(t, sent);
  const planned: PlannedReminder[] = [];
  for (let day = clock.day; day < clock.day + horizonDays; day++) {
    if (!isSendDay(t, day) || (day === clock.day && clock.minutes >= CLOSES)) continue;
    const due = decide(t, invoice, day, past, stages);
    if (!due) continue;
    planned.push({ ...asDue(due), date: isoDateOf(day), opensAt: opening(t, day) });
    record(past, due.stage, due.cycle, due.scheduled, day);
  }
  return planned;
}
/** Whole local days past the due date (0 when not yet due), as the after-due notice states it. */
export function daysOverdue(dueDate: string, timeZone: string, now: Date): number {
  return Math.max(0, localClock(assertTimeZone(timeZone), now).day - epochDay(dueDate));
}
