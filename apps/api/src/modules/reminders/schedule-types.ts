/** The reminder schedule's inputs and outputs: settings, an invoice, what was sent, what is due. */
import type { PlannedStage } from "@recoup/contracts";

/** A stage of the standard schedule (its template type) or of a company's own (`stage:<uuid>`). */
export type ReminderStage = PlannedStage;
export type FollowUpInterval = 7 | 15 | 30;
export const reminderDefaults = { sendTime: "09:00", weekdaysOnly: true, followUpInterval: 7 } as const;
/** The day's window opens at the send time and closes at this local time. */
export const windowClosesAt = "18:00";
export interface ReminderSettings {
  /** IANA time zone; every date and time of the schedule is read in it, as it is now. */
  timeZone: string;
  /** "HH:MM" local, when the day's window opens; before 18:00. Default 09:00. */
  sendTime?: string;
  /** A reminder falling on a Saturday or Sunday goes on the Monday. Default true. */
  weekdaysOnly?: boolean;
  followUpInterval: FollowUpInterval;
}
export interface ReminderInvoice {
  /** ISO date; an invoice without one is never reminded. */
  dueDate: string | null;
  balanceCents: number;
  voided: boolean;
  /** Whether there is a customer email address to send to. */
  hasEmail: boolean;
  /** Reminders paused (on the invoice or its customer); with `until`, they resume on that local date. */
  pause?: { until: string | null } | null;
  /**
   * The customer's open promise to pay: nothing through its date (local); the day after, unpaid,
   * 'Missed Promise' once (`missed`: already decided), then the schedule again.
   */
  promise?: { date: string; missed: boolean } | null;
  /** An open dispute: the invoice is not chased until a user resolves it. */
  disputed?: boolean;
}
/**
 * A reminder already sent for this invoice: its key, the date the schedule gave it, and when the
 * engine decided it. A manual 'Send reminder now' is recorded too, as "manual" with no date: it
 * counts as that day's email, so the automatic one scheduled on or before that day does not follow.
 */
export interface SentReminder {
  stage: ReminderStage | "manual";
  cycle: number;
  /** `DueReminder.scheduledFor` of the reminder sent; null for a manual send. */
  scheduledFor: string | null;
  sentAt: Date;
}
export interface DueReminder {
  stage: ReminderStage;
  /**
   * 0 for the first two stages; the after-due notice's repetition, 0, 1, 2, …; for 'Missed
   * Promise', the promised date as a day number (one per date promised).
   */
  cycle: number;
  /** ISO date the schedule gives it (due date - 3, the due date, due date + 1 + n x interval),
   *  before the weekend move; earlier than today when the engine catches up. Store it with the send. */
  scheduledFor: string;
}
export interface PlannedReminder extends DueReminder {
  /** The local date it goes out. */
  date: string;
  /** When that day's window opens (already past for a reminder going out now). */
  opensAt: Date;
}
export interface WindowState {
  open: boolean;
  /** Today's local date. */
  today: string;
  /** When today's window closes, while it is open. */
  closesAt: Date | null;
  /** The next opening after now (tomorrow's or Monday's when it is open now). */
  nextOpensAt: Date;
}
