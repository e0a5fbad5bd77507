import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { localClock } from "./local-time.ts";
import { dueReminder } from "./schedule.ts";
import type { FollowUpInterval, ReminderInvoice, ReminderSettings, SentReminder } from "./schedule-types.ts";

/**
 * Properties of the customer's holds on the schedule, for any settings, promise and dispute:
 * nothing goes through a promised date; 'Missed Promise' goes once per date, the first reminder
 * after it; the after-due notices keep a whole interval from it; a disputed invoice gets nothing.
 */

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const isoDate = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const zones = ["UTC", "America/Los_Angeles", "Europe/Berlin", "Pacific/Auckland", "Asia/Kathmandu"];

const settingsArb = fc.record({
  timeZone: fc.constantFrom(...zones),
  // Windows of 9 hours or more, so checks every 8 hours or less see each one open.
  sendTime: fc.constantFrom("00:00", "07:30", "09:00"),
  weekdaysOnly: fc.boolean(),
  followUpInterval: fc.constantFrom<FollowUpInterval>(7, 15, 30),
});
const caseArb = fc.record({
  settings: settingsArb,
  dueDay: fc.integer({ min: Date.UTC(2025, 0, 1) / DAY_MS, max: Date.UTC(2026, 11, 1) / DAY_MS }),
  /** Days from the due date to the promise's date, and from the due date to when it was made. */
  promiseOffset: fc.integer({ min: -5, max: 60 }),
  madeOffset: fc.integer({ min: -10, max: 40 }),
  checkHours: fc.integer({ min: 1, max: 8 }),
});

/** The engine's loop every few hours over 120 days from 10 days before the due date, the promise made at `madeDay`. */
function run(
  settings: ReminderSettings,
  dueDay: number,
  promise: { day: number; madeDay: number } | null,
  checkHours: number,
  disputed = false,
) {
  const sent: SentReminder[] = [];
  let missed = false;
  for (let at = (dueDay - 10) * DAY_MS; at < (dueDay + 110) * DAY_MS; at += checkHours * HOUR_MS) {
    const now = new Date(at);
    const today = localClock(settings.timeZone as never, now).day;
    const inForce = promise && today >= promise.madeDay;
    const invoice: ReminderInvoice = {
      dueDate: isoDate(dueDay),
      balanceCents: 100,
      voided: false,
      hasEmail: true,
      promise: inForce ? { date: isoDate(promise.day), missed } : null,
      disputed,
    };
    const due = dueReminder(invoice, settings, now, sent);
    if (!due) continue;
    if (due.stage === "missed_promise") missed = true;
    sent.push({ ...due, sentAt: now });
  }
  const day = (s: SentReminder) => localClock(settings.timeZone as never, s.sentAt).day;
  return { sent, day };
}

describe("the schedule with promises and disputes", () => {
  it("nothing goes out from the promise through its date; the first reminder after it is 'Missed Promise', once", () => {
    fc.assert(
      fc.property(caseArb, ({ settings, dueDay, promiseOffset, madeOffset, checkHours }) => {
        const promiseDay = dueDay + promiseOffset;
        const madeDay = Math.min(dueDay + madeOffset, promiseDay);
        const { sent, day } = run(settings, dueDay, { day: promiseDay, madeDay }, checkHours);
        const held = sent.filter((s) => day(s) >= madeDay && day(s) <= promiseDay);
        expect(held).toEqual([]);
        const missed = sent.filter((s) => s.stage === "missed_promise");
        expect(missed).toHaveLength(1);
        expect(missed[0]!.cycle).toBe(promiseDay);
        const firstAfter = sent.find((s) => day(s) > promiseDay);
        expect(firstAfter?.stage).toBe("missed_promise");
      }),
      { numRuns: 300 },
    );
  });

  it("keeps a whole interval from 'Missed Promise' to the next after-due notice, and one email a day", () => {
    fc.assert(
      fc.property(caseArb, ({ settings, dueDay, promiseOffset, madeOffset, checkHours }) => {
        const promiseDay = dueDay + promiseOffset;
        const madeDay = Math.min(dueDay + madeOffset, promiseDay);
        const { sent, day } = run(settings, dueDay, { day: promiseDay, madeDay }, checkHours);
        const missed = sent.find((s) => s.stage === "missed_promise")!;
        const nextNotice = sent.find((s) => s.stage === "after_due_date" && s.sentAt > missed.sentAt);
        if (nextNotice)
          expect(day(nextNotice) - day(missed)).toBeGreaterThanOrEqual(settings.followUpInterval);
        const days = sent.map(day);
        expect(new Set(days).size).toBe(days.length);
        // Never silent for long while a balance remains: notices go on after it.
        expect(
          sent.filter((s) => s.sentAt > missed.sentAt && s.stage === "after_due_date").length,
        ).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });

  it("a disputed invoice gets nothing, whatever else holds", () => {
    fc.assert(
      fc.property(caseArb, fc.boolean(), ({ settings, dueDay, promiseOffset, checkHours }, withPromise) => {
        const promise = withPromise ? { day: dueDay + promiseOffset, madeDay: dueDay - 10 } : null;
        expect(run(settings, dueDay, promise, checkHours, true).sent).toEqual([]);
      }),
      { numRuns: 50 },
    );
  });
});
