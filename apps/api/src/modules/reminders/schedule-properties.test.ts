import fc from "fast-check";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { isoDateOf, localClock, wallClockInstant } from "./local-time.ts";
import { dueReminder, nextReminders } from "./schedule.ts";
import type { FollowUpInterval, ReminderInvoice, ReminderSettings, SentReminder } from "./schedule-types.ts";
import { windowState } from "./send-window.ts";

// Properties: any sequence of checks, any zone, any settings.

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

const zones = [
  "UTC",
  "America/New_York",
  "America/Los_Angeles",
  "America/St_Johns",
  "Europe/London",
  "Pacific/Auckland",
  "Pacific/Chatham",
  "Pacific/Kiritimati",
  "Pacific/Pago_Pago",
  "Asia/Kathmandu",
  "Australia/Lord_Howe",
];
const twoDigits = (n: number) => String(n).padStart(2, "0");

/** Settings with a send time from `earliest` to `latest` o'clock. */
const settingsArb = (earliest: number, latest: number) =>
  fc.record({
    timeZone: fc.constantFrom(...zones),
    sendTime: fc
      .tuple(fc.integer({ min: earliest, max: latest }), fc.integer({ min: 0, max: 59 }))
      .map(([h, m]) => `${twoDigits(h)}:${twoDigits(m)}`),
    weekdaysOnly: fc.boolean(),
    followUpInterval: fc.constantFrom<FollowUpInterval>(7, 15, 30),
  });

/** A due date in 2024-2026 (both DST changes each year) and a start 20 days before to 60 after it. */
const timelineArb = fc.record({
  dueDay: fc.integer({ min: Date.UTC(2024, 0, 1) / DAY_MS, max: Date.UTC(2026, 11, 31) / DAY_MS }),
  startOffsetMinutes: fc.integer({ min: -20 * 1440, max: 60 * 1440 }),
});

const openInvoice = (dueDay: number): ReminderInvoice => ({
  dueDate: new Date(dueDay * DAY_MS).toISOString().slice(0, 10),
  balanceCents: 5_000,
  voided: false,
  hasEmail: true,
});

/** Runs the engine's loop: ask at each instant, record each answer as sent. */
function simulate(
  invoice: ReminderInvoice,
  checks: { at: Date; settings: ReminderSettings }[],
  onSend: (reminder: SentReminder, settings: ReminderSettings) => void = () => {},
) {
  const sent: SentReminder[] = [];
  for (const { at, settings } of checks) {
    const due = dueReminder(invoice, settings, at, sent);
    if (!due) continue;
    const reminder = { ...due, sentAt: at };
    onSend(reminder, settings);
    sent.push(reminder);
  }
  return sent;
}

describe("schedule properties", () => {
  it("never returns a (stage, cycle) twice, nor two on one local day, as time moves on and the zone changes", () => {
    const stepArb = fc.record({
      minutes: fc.integer({ min: 1, max: 3 * 1440 }),
      timeZone: fc.option(fc.constantFrom(...zones), { freq: 8 }),
    });
    fc.assert(
      fc.property(
        settingsArb(0, 17),
        timelineArb,
        fc.array(stepArb, { maxLength: 80 }),
        (first, line, steps) => {
          let settings: ReminderSettings = first;
          let at = line.dueDay * DAY_MS + line.startOffsetMinutes * 60_000;
          const checks = steps.map((step) => {
            at += step.minutes * 60_000;
            if (step.timeZone) settings = { ...settings, timeZone: step.timeZone };
            return { at: new Date(at), settings };
          });
          const days = new Set<string>();
          const sent = simulate(openInvoice(line.dueDay), checks, (reminder, current) => {
            const day = windowState(current, reminder.sentAt).today;
            expect(days.has(day)).toBe(false);
            days.add(day);
          });
          const keys = sent.map((s) => `${s.stage}#${s.cycle}`);
          expect(new Set(keys).size).toBe(keys.length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("'Upcoming reminders' is what the engine then sends when it checks every hour", () => {
    fc.assert(
      fc.property(settingsArb(6, 15), timelineArb, (settings, line) => {
        const invoice = openInvoice(line.dueDay);
        const start = line.dueDay * DAY_MS + line.startOffsetMinutes * 60_000;
        const planned = nextReminders(invoice, settings, new Date(start), [], 14);
        const lastDay = new Date(
          epochDayOf(windowState(settings, new Date(start)).today) * DAY_MS + 13 * DAY_MS,
        );
        const hourly = Array.from({ length: 16 * 24 }, (_, i) => ({
          at: new Date(start + i * HOUR_MS),
          settings,
        }));
        const sends = simulate(invoice, hourly)
          .map((s) => `${windowState(settings, s.sentAt).today} ${s.stage}#${s.cycle} ${s.scheduledFor}`)
          .filter((line) => line.slice(0, 10) <= lastDay.toISOString().slice(0, 10));
        expect(sends).toEqual(planned.map((p) => `${p.date} ${p.stage}#${p.cycle} ${p.scheduledFor}`));
      }),
      { numRuns: 150 },
    );
  });

  it("never goes quiet while a balance remains: stages in order, notices at most interval + 2 days apart", () => {
    fc.assert(
      fc.property(settingsArb(0, 17), timelineArb, (settings, line) => {
        const from = new Date((line.dueDay - 10) * DAY_MS);
        const planned = nextReminders(openInvoice(line.dueDay), settings, from, [], 130);
        const days = planned.map((p) => epochDayOf(p.date));
        const horizonEnd = epochDayOf(windowState(settings, from).today) + 129;
        expect(days[0]).toBeLessThanOrEqual(line.dueDay - 1);
        for (const [i, day] of [...days, horizonEnd].entries()) {
          if (i > 0) expect(day - days[i - 1]!).toBeLessThanOrEqual(settings.followUpInterval + 2);
        }
        const order = planned.map(
          (p) => ["before_due_date", "on_due_date", "after_due_date"].indexOf(p.stage) * 1e3 + p.cycle,
        );
        expect(order).toEqual([...order].sort((a, b) => a - b));
      }),
      { numRuns: 200 },
    );
  });
});

describe("local time", () => {
  const instantArb = fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2027, 0, 1) });

  it("opens a time skipped by a half-hour change (Lord Howe, 02:00 to 02:30) when the clocks jump", () => {
    const day = Date.UTC(2025, 9, 5) / DAY_MS;
    expect(wallClockInstant("Australia/Lord_Howe", day, 2 * 60 + 15).toISOString()).toBe(
      "2025-10-04T15:30:00.000Z",
    );
    expect(wallClockInstant("Australia/Lord_Howe", day, 2 * 60 + 30).toISOString()).toBe(
      "2025-10-04T15:30:00.000Z",
    );
  });

  it("reads the same local date and time as Luxon at any instant, in any zone", () => {
    fc.assert(
      fc.property(fc.constantFrom(...zones), instantArb, (zone, ms) => {
        const luxon = DateTime.fromMillis(ms, { zone });
        const clock = localClock(zone, new Date(ms));
        expect([isoDateOf(clock.day), clock.minutes]).toEqual([
          luxon.toISODate(),
          luxon.hour * 60 + luxon.minute,
        ]);
      }),
      { numRuns: 2000 },
    );
  });

  it("finds the first instant a local time is reached, on any day, in any zone", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        instantArb,
        fc.integer({ min: 0, max: 1439 }),
        (zone, ms, minutes) => {
          const day = Math.floor(ms / DAY_MS);
          const at = wallClockInstant(zone, day, minutes).getTime();
          const reads = (instant: number) => {
            const clock = localClock(zone, new Date(instant));
            return clock.day * 1440 + clock.minutes;
          };
          expect(reads(at)).toBeGreaterThanOrEqual(day * 1440 + minutes);
          expect(reads(at - 60_000)).toBeLessThan(day * 1440 + minutes);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

function epochDayOf(iso: string) {
  return Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
}
