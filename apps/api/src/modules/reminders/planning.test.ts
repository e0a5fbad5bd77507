import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { InvoiceToPlan } from "./history.repository.ts";
import { sentFromSummary } from "./planning.ts";
import { dueReminder } from "./schedule.ts";
import type { FollowUpInterval, ReminderInvoice, ReminderSettings, SentReminder } from "./schedule-types.ts";
import { windowState } from "./send-window.ts";

/**
 * The planner reads each invoice's history summed up in SQL (`invoicesToPlan`) and leaves out
 * invoices that cannot be due; these check, against the whole history, that the schedule decides
 * exactly the same from the summary, and never something for an invoice left out.
 */

const DAY_MS = 86_400_000;
const isoDate = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const dayOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
const zones = ["UTC", "America/New_York", "Pacific/Auckland", "Asia/Kathmandu", "Pacific/Kiritimati"];
const START = Date.UTC(2025, 0, 1) / DAY_MS;

/** What `invoicesToPlan`'s SQL computes from the rows (all but cancelled ones) of one invoice. */
function summarize(sent: readonly SentReminder[]) {
  const max = <T>(xs: T[]) => (xs.length === 0 ? null : xs.reduce((a, b) => (b > a ? b : a)));
  return {
    beforeDue: sent.some((s) => s.stage === "before_due_date" && s.cycle === 0),
    onDue: sent.some((s) => s.stage === "on_due_date" && s.cycle === 0),
    afterCycle: max(sent.filter((s) => s.stage === "after_due_date").map((s) => s.cycle)),
    lastScheduled: max(sent.flatMap((s) => (s.scheduledFor === null ? [] : [s.scheduledFor]))),
    lastAtMs: max(sent.map((s) => s.sentAt.getTime())),
    lastManualAtMs: max(sent.filter((s) => s.scheduledFor === null).map((s) => s.sentAt.getTime())),
    lastMissedAtMs: max(sent.filter((s) => s.stage === "missed_promise").map((s) => s.sentAt.getTime())),
  } satisfies Pick<
    InvoiceToPlan,
    "beforeDue" | "onDue" | "afterCycle" | "lastScheduled" | "lastAtMs" | "lastManualAtMs" | "lastMissedAtMs"
  >;
}

/**
 * The open promise as the planner reads it: missed once its 'Missed Promise' was decided, which the
 * engine records on the promise when it decides it (so: a reminder of that stage for its date).
 */
const promiseOf = (promiseDay: number | null, sent: readonly SentReminder[]) =>
  promiseDay === null
    ? null
    : {
        date: isoDate(promiseDay),
        missed: sent.some((s) => s.stage === "missed_promise" && s.cycle === promiseDay),
      };

/**
 * `invoicesToPlan`'s filter: the latest date a reminder can be scheduled for by `today`, unless an
 * open promise's date has passed without its 'Missed Promise'.
 */
function leftOut(
  dueDate: string,
  lastScheduled: string | null,
  today: string,
  interval: number,
  promise: { date: string; missed: boolean } | null = null,
) {
  const due = dayOf(dueDate);
  const t = dayOf(today);
  if (promise && !promise.missed && promise.date < today) return false;
  if (due > t + 3) return true;
  const latest =
    t > due ? due + 1 + interval * Math.floor((t - due - 1) / interval) : t === due ? due : due - 3;
  return lastScheduled !== null && dayOf(lastScheduled) >= latest;
}

const settingsArb = fc.record({
  timeZone: fc.constantFrom(...zones),
  sendTime: fc.constantFrom("00:00", "07:30", "09:00", "13:15"),
  weekdaysOnly: fc.boolean(),
  followUpInterval: fc.constantFrom<FollowUpInterval>(7, 15, 30),
});
/**
 * An invoice, an instant, and anything the outbox may hold for it, odd rows included (a stage
 * without a date, cycles out of order, dates before a due date that moved later), dated around
 * the due date and the instant.
 */
const caseArb = fc
  .record({
    settings: settingsArb,
    dueDay: fc.integer({ min: START, max: START + 200 }),
    nowHours: fc.integer({ min: 0, max: 70 * 24 }),
    paused: fc.boolean(),
    /** An open promise, days from the due date; and whether its 'Missed Promise' went. */
    promise: fc.option(fc.integer({ min: -10, max: 40 }), { freq: 2 }),
    missedSent: fc.boolean(),
    sent: fc.array(
      fc.record({
        stage: fc.constantFrom<SentReminder["stage"]>(
          "before_due_date",
          "on_due_date",
          "after_due_date",
          "missed_promise",
          "manual",
        ),
        cycle: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 8 })),
        scheduledDays: fc.option(fc.integer({ min: -20, max: 60 }), { freq: 3 }),
        /** In thousandths of the time from the start to now: mostly before now, a few after. */
        sentAt: fc.integer({ min: 0, max: 1100 }),
      }),
      { maxLength: 10 },
    ),
  })
  .map(({ settings, dueDay, nowHours, paused, promise, missedSent, sent }) => {
    const start = (dueDay - 5) * DAY_MS;
    const promiseDay = promise === null ? null : dueDay + promise;
    const rows = sent.map(
      (s): SentReminder => ({
        stage: s.stage,
        cycle: s.cycle,
        scheduledFor: s.scheduledDays === null ? null : isoDate(dueDay - 3 + s.scheduledDays),
        sentAt: new Date(start + Math.round((nowHours * s.sentAt) / 1000) * 3_600_000),
      }),
    );
    if (promiseDay !== null && missedSent && rows.length > 0) {
      // The promise's own 'Missed Promise', dated the day after it.
      rows[0] = {
        ...rows[0]!,
        stage: "missed_promise",
        cycle: promiseDay,
        scheduledFor: isoDate(promiseDay + 1),
      };
    }
    return { settings, dueDay, nowMs: start + nowHours * 3_600_000, paused, promiseDay, sent: rows };
  });

/** A history as the engine writes it: the schedule asked every few hours, each answer sent. */
function engineHistory(invoice: ReminderInvoice, settings: ReminderSettings, fromMs: number, toMs: number) {
  const sent: SentReminder[] = [];
  for (let at = fromMs; at < toMs; at += 5 * 3_600_000) {
    const due = dueReminder(invoice, settings, new Date(at), sent);
    if (due) sent.push({ ...due, sentAt: new Date(at) });
  }
  return sent;
}

describe("the planner's summed-up history", () => {
  it("decides what the whole history decides, for any history", () => {
    fc.assert(
      fc.property(caseArb, ({ settings, dueDay, nowMs, paused, promiseDay, sent }) => {
        const invoice: ReminderInvoice = {
          dueDate: isoDate(dueDay),
          balanceCents: 100,
          voided: false,
          hasEmail: true,
          pause: paused ? { until: isoDate(dueDay + 5) } : null,
          promise: promiseOf(promiseDay, sent),
        };
        const now = new Date(nowMs);
        expect(dueReminder(invoice, settings, now, sentFromSummary(summarize(sent)))).toEqual(
          dueReminder(invoice, settings, now, sent),
        );
      }),
      { numRuns: 3000 },
    );
  });

  it("keeps a notice's key when QuickBooks moved the due date later: it is not sent again", () => {
    const settings: ReminderSettings = { timeZone: "UTC", followUpInterval: 7, weekdaysOnly: false };
    const moved = (dueDate: string): ReminderInvoice => ({
      dueDate,
      balanceCents: 100,
      voided: false,
      hasEmail: true,
    });
    // Before-due and on-due notices went for a due date of 2025-03-10; it is now 2025-03-20.
    const sent: SentReminder[] = [
      {
        stage: "before_due_date",
        cycle: 0,
        scheduledFor: "2025-03-07",
        sentAt: new Date("2025-03-07T10:00Z"),
      },
      { stage: "on_due_date", cycle: 0, scheduledFor: "2025-03-10", sentAt: new Date("2025-03-10T10:00Z") },
    ];
    for (const [now, expected] of [
      ["2025-03-17T10:00Z", null],
      ["2025-03-20T10:00Z", null],
      ["2025-03-21T10:00Z", { stage: "after_due_date", cycle: 0, scheduledFor: "2025-03-21" }],
    ] as const) {
      const at = new Date(now);
      expect(dueReminder(moved("2025-03-20"), settings, at, sent)).toEqual(expected);
      expect(dueReminder(moved("2025-03-20"), settings, at, sentFromSummary(summarize(sent)))).toEqual(
        expected,
      );
    }
  });

  it("leaves out only invoices for which nothing is due, for histories the engine writes", () => {
    fc.assert(
      fc.property(
        settingsArb,
        fc.integer({ min: START, max: START + 100 }),
        fc.integer({ min: 0, max: 120 * 24 }),
        fc.integer({ min: 0, max: 20 * 24 }),
        (settings, dueDay, historyHours, laterHours) => {
          const invoice: ReminderInvoice = {
            dueDate: isoDate(dueDay),
            balanceCents: 100,
            voided: false,
            hasEmail: true,
          };
          const from = (dueDay - 10) * DAY_MS;
          const upTo = from + historyHours * 3_600_000;
          const sent = engineHistory(invoice, settings, from, upTo);
          const now = new Date(upTo + laterHours * 3_600_000);
          const { today } = windowState(settings, now);
          const skip = leftOut(
            invoice.dueDate!,
            summarize(sent).lastScheduled,
            today,
            settings.followUpInterval,
          );
          if (skip) expect(dueReminder(invoice, settings, now, sent)).toBeNull();
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("leaves out only invoices for which nothing is due, for any history", () => {
    fc.assert(
      fc.property(caseArb, ({ settings, dueDay, nowMs, promiseDay, sent }) => {
        const invoice: ReminderInvoice = {
          dueDate: isoDate(dueDay),
          balanceCents: 100,
          voided: false,
          hasEmail: true,
          promise: promiseOf(promiseDay, sent),
        };
        const now = new Date(nowMs);
        const { today } = windowState(settings, now);
        const { lastScheduled } = summarize(sent);
        if (leftOut(invoice.dueDate!, lastScheduled, today, settings.followUpInterval, invoice.promise)) {
          expect(dueReminder(invoice, settings, now, sent)).toBeNull();
        }
      }),
      { numRuns: 3000 },
    );
  });
});
