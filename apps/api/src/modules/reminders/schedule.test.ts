import fc from "fast-check";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { isoDateOf, localClock, wallClockInstant } from "./local-time.ts";
import { daysOverdue, dueReminder, nextReminders } from "./schedule.ts";
import type { FollowUpInterval, ReminderInvoice, ReminderSettings, SentReminder } from "./schedule-types.ts";
import { windowState } from "./send-window.ts";

/*
 * Instants are written in UTC on purpose, with the local time in the case's name, so a case checks
 * the zone arithmetic rather than repeating it. The base company is in New York (EDT in June,
 * UTC-4: 09:00 is 13:00Z, 18:00 is 22:00Z), sends at 09:00 on weekdays, every 7 days; the base
 * invoice is due Thursday 2025-06-12 and has a balance and an email address.
 *
 * A row: case | now (UTC) | given | expected. `given` holds clauses separated by ";": `sent` with
 * reminders already sent (B, O, A0..A3 below, or `stage#cycle:scheduledFor@sentAt`, or
 * `manual@sentAt`), `tz`, `interval`, `weekdays off`, `send-time`, `due`, `paused` (`until` a date),
 * `balance`, `voided`, `no-email`. `expected` is `stage#cycle scheduledFor`, or `none`.
 */
const base: ReminderSettings = { timeZone: "America/New_York", followUpInterval: 7 };
const invoice: ReminderInvoice = {
  dueDate: "2025-06-12",
  balanceCents: 12_500,
  voided: false,
  hasEmail: true,
};

const stages = { before: "before_due_date", on: "on_due_date", after: "after_due_date" } as const;
type Short = keyof typeof stages;

const fixtures: Record<string, string> = {
  B: "before#0:2025-06-09@2025-06-09T13:00Z",
  O: "on#0:2025-06-12@2025-06-12T13:00Z",
  A0: "after#0:2025-06-13@2025-06-13T13:00Z",
  A1: "after#1:2025-06-20@2025-06-20T13:00Z",
  A2: "after#2:2025-06-27@2025-06-27T13:00Z",
  A3: "after#3:2025-07-04@2025-07-04T13:00Z",
};

function sentReminder(token: string): SentReminder {
  const [what = "", sentAt] = (fixtures[token] ?? token).split("@");
  if (what === "manual")
    return { stage: "manual", cycle: 0, scheduledFor: null, sentAt: new Date(`${sentAt}`) };
  const [, short, cycle, scheduledFor] = /^(\w+)#(\d+):(.+)$/.exec(what) ?? [];
  return {
    stage: stages[short as Short],
    cycle: Number(cycle),
    scheduledFor: `${scheduledFor}`,
    sentAt: new Date(`${sentAt}`),
  };
}

interface Case {
  name: string;
  now: Date;
  settings: ReminderSettings;
  invoice: ReminderInvoice;
  sent: SentReminder[];
  expected: { stage: string; cycle: number; scheduledFor: string } | null;
}

function given(clauses: string): Omit<Case, "name" | "now" | "expected"> {
  const c = { settings: { ...base }, invoice: { ...invoice }, sent: [] as SentReminder[] };
  for (const clause of clauses.split(";")) {
    const [key, ...args] = clause.trim().split(/\s+/);
    if (!key) continue;
    const arg = args[0] ?? "";
    if (key === "sent") c.sent.push(...args.map(sentReminder));
    else if (key === "tz") c.settings.timeZone = arg;
    else if (key === "interval") c.settings.followUpInterval = Number(arg) as 7 | 15 | 30;
    else if (key === "weekdays") c.settings.weekdaysOnly = arg !== "off";
    else if (key === "send-time") c.settings.sendTime = arg;
    else if (key === "due") c.invoice.dueDate = arg === "none" ? null : arg;
    else if (key === "paused") c.invoice.pause = { until: args[1] ?? null };
    else if (key === "balance") c.invoice.balanceCents = Number(arg);
    else if (key === "voided") c.invoice.voided = true;
    else if (key === "no-email") c.invoice.hasEmail = false;
    else throw new Error(`unknown clause: ${clause}`);
  }
  return c;
}

function cases(rows: string): Case[] {
  return rows
    .trim()
    .split("\n")
    .map((row) => {
      const [name = "", now = "", clauses = "", expected = ""] = row.split("|").map((cell) => cell.trim());
      const [, short, cycle, scheduledFor] = /^(\w+)#(\d+) (\S+)$/.exec(expected) ?? [];
      if (Number.isNaN(Date.parse(now)) || (!short && expected !== "none"))
        throw new Error(`bad row: ${row}`);
      return {
        name,
        now: new Date(now),
        ...given(clauses),
        expected: short
          ? { stage: stages[short as Short], cycle: Number(cycle), scheduledFor: `${scheduledFor}` }
          : null,
      };
    });
}

const table: Record<string, Case[]> = {
  "each stage": cases(`
    nothing before the before-due day (Fri 6 June)    | 2025-06-06T14:00Z |                         | none
    before-due 3 days before, at 09:00                | 2025-06-09T13:00Z |                         | before#0 2025-06-09
    not at 08:59                                      | 2025-06-09T12:59Z |                         | none
    before-due not sent twice                         | 2025-06-10T13:00Z | sent B                  | none
    on the due date                                   | 2025-06-12T13:00Z | sent B                  | on#0 2025-06-12
    after-due 1 day after                             | 2025-06-13T13:00Z | sent B O                | after#0 2025-06-13
    nothing between notices                           | 2025-06-17T15:00Z | sent B O A0             | none
  `),
  "each interval": cases(`
    7: cycle 1 seven days later                       | 2025-06-20T13:00Z | sent B O A0             | after#1 2025-06-20
    7: cycle 2 fourteen days later                    | 2025-06-27T13:00Z | sent B O A0 A1          | after#2 2025-06-27
    15: nothing at seven days                         | 2025-06-20T13:00Z | interval 15; sent B O A0 | none
    15: cycle 1 on Sat 28 June goes on Mon 30 June    | 2025-06-30T13:00Z | interval 15; sent B O A0 | after#1 2025-06-28
    30: nothing 29 days after (Fri 11 July)           | 2025-07-11T13:00Z | interval 30; sent B O A0 | none
    30: cycle 1 on Sun 13 July goes on Mon 14 July    | 2025-07-14T13:00Z | interval 30; sent B O A0 | after#1 2025-07-13
    30: cycle 2 on Tue 12 August                      | 2025-08-12T13:00Z | interval 30; sent B O A0 after#1:2025-07-13@2025-07-14T13:00Z | after#2 2025-08-12
  `),
  "the window, send time to 18:00": cases(`
    open at 17:59                                     | 2025-06-12T21:59Z | sent B                  | on#0 2025-06-12
    closed from 18:00                                 | 2025-06-12T22:00Z | sent B                  | none
    missed after 18:00, it goes at the next send time | 2025-06-10T13:00Z |                         | before#0 2025-06-09
    a 07:30 send time opens at 07:30                  | 2025-06-12T11:30Z | send-time 07:30; sent B | on#0 2025-06-12
    a 07:30 send time is closed at 07:29              | 2025-06-12T11:29Z | send-time 07:30; sent B | none
  `),
  weekends: cases(`
    weekdays only: nothing on a Saturday              | 2025-06-14T14:00Z | sent B O                | none
    weekdays only: due Sat, the on-due and Sunday's after-due move to Mon; the latest goes | 2025-06-16T13:00Z | due 2025-06-14; sent before#0:2025-06-11@2025-06-11T13:00Z | after#0 2025-06-15
    weekdays off: due Sat, reminded on the Saturday   | 2025-06-14T13:00Z | weekdays off; due 2025-06-14; sent before#0:2025-06-11@2025-06-11T13:00Z | on#0 2025-06-14
    weekdays only: a Sunday before-due date goes on Mon | 2025-06-09T13:00Z | due 2025-06-11        | before#0 2025-06-08
    weekdays off: a Sunday before-due date goes on Sun | 2025-06-08T13:00Z | weekdays off; due 2025-06-11 | before#0 2025-06-08
    weekdays only turned on after a Sunday notice: not repeated on Mon | 2025-06-16T13:00Z | due 2025-06-14; sent after#0:2025-06-15@2025-06-15T13:00Z | none
  `),
  "time zones either side of UTC": cases(`
    Auckland (UTC+12): 09:00 on the due date is 21:00Z the day before | 2025-06-11T21:00Z | tz Pacific/Auckland; sent B | on#0 2025-06-12
    Auckland: 08:59 is closed                         | 2025-06-11T20:59Z | tz Pacific/Auckland; sent B    | none
    Los Angeles (UTC-7): 09:00 is 16:00Z              | 2025-06-12T16:00Z | tz America/Los_Angeles; sent B | on#0 2025-06-12
    Los Angeles: 17:59 is still the due date though UTC is on the 13th | 2025-06-13T00:59Z | tz America/Los_Angeles; sent B | on#0 2025-06-12
    Los Angeles: 18:00 is closed                      | 2025-06-13T01:00Z | tz America/Los_Angeles; sent B | none
  `),
  "daylight saving": cases(`
    New York, Fri 7 March (EST): 08:30 is 13:30Z, closed | 2025-03-07T13:30Z | due 2025-03-10         | none
    New York, Fri 7 March (EST): 09:00 is 14:00Z      | 2025-03-07T14:00Z | due 2025-03-10          | before#0 2025-03-07
    New York, Mon 10 March, after the change (EDT): 09:00 is 13:00Z | 2025-03-10T13:00Z | due 2025-03-10; sent before#0:2025-03-07@2025-03-07T14:00Z | on#0 2025-03-10
    New York, Mon 3 November (EST again): 08:30 is 13:30Z, closed | 2025-11-03T13:30Z | due 2025-11-03; sent before#0:2025-10-31@2025-10-31T13:00Z | none
    New York, Mon 3 November: 09:00 is 14:00Z         | 2025-11-03T14:00Z | due 2025-11-03; sent before#0:2025-10-31@2025-10-31T13:00Z | on#0 2025-11-03
    London, Fri 28 March (GMT): 09:00 is 09:00Z       | 2025-03-28T09:00Z | tz Europe/London; due 2025-03-31 | before#0 2025-03-28
    London, Mon 31 March (BST): 09:00 is 08:00Z       | 2025-03-31T08:00Z | tz Europe/London; due 2025-03-31; sent before#0:2025-03-28@2025-03-28T09:00Z | on#0 2025-03-31
    Auckland, Mon 7 April, after NZDT ends: 09:00 is 21:00Z | 2025-04-06T21:00Z | tz Pacific/Auckland; due 2025-04-07; sent before#0:2025-04-04@2025-04-03T20:00Z | on#0 2025-04-07
  `),
  "a change of time zone": cases(`
    LA to Auckland: the on-due sent in LA (04:00 on the 13th there) makes that day's after-due wait | 2025-06-12T21:00Z | tz Pacific/Auckland; sent B on#0:2025-06-12@2025-06-12T16:00Z | none
    LA to Auckland: the after-due goes on the next send day, Mon 16 June | 2025-06-15T21:00Z | tz Pacific/Auckland; sent B on#0:2025-06-12@2025-06-12T16:00Z | after#0 2025-06-13
    Auckland to LA: the on-due sent in Auckland is not sent again on LA's due date | 2025-06-12T16:00Z | tz America/Los_Angeles; sent B on#0:2025-06-12@2025-06-11T21:00Z | none
    Auckland to LA: the after-due sent in Auckland is not sent again on LA's 13 June | 2025-06-13T16:00Z | tz America/Los_Angeles; sent B O after#0:2025-06-13@2025-06-12T21:00Z | none
  `),
  "catch-up after downtime": cases(`
    down 10 days (10-19 June): only the latest, after-due cycle 1 | 2025-06-20T13:00Z | sent B    | after#1 2025-06-20
    down 10 days: and only once                       | 2025-06-20T13:05Z | sent B A1                | none
    down 10 days (9-18 June): only the after-due, not the before and on-due | 2025-06-19T13:00Z | | after#0 2025-06-13
    overdue 6 weeks when turned on at 14:00: now, the current cycle | 2025-06-12T18:00Z | due 2025-05-01 | after#5 2025-06-06
    overdue when turned on at 20:00: nothing now      | 2025-06-11T00:00Z | due 2025-05-01          | none
    overdue when turned on at 20:00: at the next send time | 2025-06-11T13:00Z | due 2025-05-01     | after#5 2025-06-06
  `),
  paused: cases(`
    paused, no date                                   | 2025-06-12T13:00Z | paused                  | none
    paused until 20 June: nothing on the 19th         | 2025-06-19T13:00Z | paused until 2025-06-20; sent B O | none
    paused until 20 June: on the 20th the current notice, not the missed one | 2025-06-20T13:00Z | paused until 2025-06-20; sent B O | after#1 2025-06-20
  `),
  "not chased": cases(`
    paid                                              | 2025-06-13T13:00Z | balance 0               | none
    voided                                            | 2025-06-13T13:00Z | voided                  | none
    a credit balance                                  | 2025-06-13T13:00Z | balance -500            | none
    no customer email                                 | 2025-06-13T13:00Z | no-email                | none
    no due date                                       | 2025-06-13T13:00Z | due none                | none
  `),
  "changes to the schedule": cases(`
    interval 7 to 30 after cycle 3 (4 July): nothing on the 30-day schedule's past dates | 2025-07-07T13:00Z | interval 30; sent B O A0 A1 A2 A3 | none
    interval 7 to 30: its next date gets a fresh cycle number | 2025-07-14T13:00Z | interval 30; sent B O A0 A1 A2 A3 | after#4 2025-07-13
    interval 30 to 7 after cycle 1 (13 July): the 7-day schedule's next date | 2025-07-18T13:00Z | sent B O A0 after#1:2025-07-13@2025-07-14T13:00Z | after#5 2025-07-18
    due date moved a month later: no second before-due notice | 2025-07-07T13:00Z | due 2025-07-10; sent B O A0 | none
    due date moved a month later: the after-due follows the new date | 2025-07-11T13:00Z | due 2025-07-10; sent B O A0 | after#1 2025-07-11
    a manual send at 08:00 on the due date stands in for the on-due notice | 2025-06-12T13:00Z | sent B manual@2025-06-12T12:00Z | none
    after a manual send, the next day's notice goes as usual | 2025-06-13T13:00Z | sent B manual@2025-06-12T12:00Z | after#0 2025-06-13
  `),
};

describe("dueReminder", () => {
  for (const [group, rows] of Object.entries(table)) {
    describe(group, () => {
      it.each(rows)("$name", (c) => {
        expect(dueReminder(c.invoice, c.settings, c.now, c.sent)).toEqual(c.expected);
      });
    });
  }
});

const plan = (
  from: string,
  options: { settings?: Partial<ReminderSettings>; invoice?: Partial<ReminderInvoice> } = {},
) =>
  nextReminders(
    { ...invoice, ...options.invoice },
    { ...base, ...options.settings },
    new Date(from),
    [],
    14,
  ).map((p) => `${p.date} ${p.stage}#${p.cycle} ${p.opensAt.toISOString()}`);

describe("nextReminders", () => {
  it("lists the next 14 days' sends, each with its day and the instant its window opens", () => {
    expect(plan("2025-06-06T14:00:00Z")).toEqual([
      "2025-06-09 before_due_date#0 2025-06-09T13:00:00.000Z",
      "2025-06-12 on_due_date#0 2025-06-12T13:00:00.000Z",
      "2025-06-13 after_due_date#0 2025-06-13T13:00:00.000Z",
    ]);
  });

  it("follows the clocks across a daylight-saving change", () => {
    expect(plan("2025-03-03T12:00:00Z", { invoice: { dueDate: "2025-03-10" } })).toEqual([
      "2025-03-07 before_due_date#0 2025-03-07T14:00:00.000Z",
      "2025-03-10 on_due_date#0 2025-03-10T13:00:00.000Z",
      "2025-03-11 after_due_date#0 2025-03-11T13:00:00.000Z",
    ]);
  });

  it("starts with a reminder going out now while the window is open, and tomorrow after 18:00", () => {
    const overdue = { invoice: { dueDate: "2025-05-01" } };
    expect(plan("2025-06-12T18:00:00Z", overdue)[0]).toBe(
      "2025-06-12 after_due_date#5 2025-06-12T13:00:00.000Z",
    );
    expect(plan("2025-06-12T22:00:00Z", overdue)[0]).toBe(
      "2025-06-13 after_due_date#6 2025-06-13T13:00:00.000Z",
    );
  });

  it("resumes a paused invoice on its resume date with the current notice", () => {
    expect(plan("2025-06-13T14:00:00Z", { invoice: { pause: { until: "2025-06-17" } } })).toEqual([
      "2025-06-17 after_due_date#0 2025-06-17T13:00:00.000Z",
      "2025-06-20 after_due_date#1 2025-06-20T13:00:00.000Z",
    ]);
  });

  it("plans nothing for an invoice that is not chased", () => {
    expect(plan("2025-06-06T14:00:00Z", { invoice: { voided: true } })).toEqual([]);
  });
});

describe("windowState", () => {
  const state = (now: string, settings: Partial<ReminderSettings> = {}) => {
    const s = windowState({ ...base, ...settings }, new Date(now));
    return { ...s, closesAt: s.closesAt?.toISOString() ?? null, nextOpensAt: s.nextOpensAt.toISOString() };
  };

  it("is open at 14:00, so turning reminders on sends now", () => {
    expect(state("2025-06-12T18:00:00Z")).toEqual({
      open: true,
      today: "2025-06-12",
      closesAt: "2025-06-12T22:00:00.000Z",
      nextOpensAt: "2025-06-13T13:00:00.000Z",
    });
  });

  it("after 18:00 on a Friday, with weekdays only, opens next on Monday", () => {
    expect(state("2025-06-13T23:00:00Z")).toMatchObject({
      open: false,
      nextOpensAt: "2025-06-16T13:00:00.000Z",
    });
  });

  it("early on a Saturday with weekdays off, opens that morning", () => {
    expect(state("2025-06-14T11:00:00Z", { weekdaysOnly: false })).toMatchObject({
      open: false,
      today: "2025-06-14",
      nextOpensAt: "2025-06-14T13:00:00.000Z",
    });
  });

  it("a send time skipped by the spring change opens when the clocks jump (03:00 EDT)", () => {
    const skipped = { sendTime: "02:30", weekdaysOnly: false };
    expect(state("2025-03-09T05:00:00Z", skipped).nextOpensAt).toBe("2025-03-09T07:00:00.000Z");
    expect(state("2025-03-09T07:00:00Z", skipped).open).toBe(true);
  });

  it("a send time repeated by the autumn change opens the first time (EDT)", () => {
    expect(state("2025-11-02T04:00:00Z", { sendTime: "01:30", weekdaysOnly: false }).nextOpensAt).toBe(
      "2025-11-02T05:30:00.000Z",
    );
  });

  it("reads the date in the company's zone: Auckland's Monday is Sunday in UTC", () => {
    expect(state("2025-06-15T22:00:00Z", { timeZone: "Pacific/Auckland" })).toMatchObject({
      open: true,
      today: "2025-06-16",
    });
  });
});

describe("settings and helpers", () => {
  it("refuses an unknown time zone, a send time at or after 18:00, and an unknown interval", () => {
    const now = new Date("2025-06-12T13:00:00Z");
    expect(() => windowState({ ...base, timeZone: "Mars/Olympus" }, now)).toThrow(/time zone/);
    expect(() => windowState({ ...base, sendTime: "18:00" }, now)).toThrow(/before 18:00/);
    expect(() => windowState({ ...base, sendTime: "9am" }, now)).toThrow(/HH:MM/);
    expect(() => windowState({ ...base, followUpInterval: 10 as 7 }, now)).toThrow(/interval/);
  });

  it("counts days overdue in the company's zone", () => {
    expect(daysOverdue("2025-06-12", "America/Los_Angeles", new Date("2025-06-13T06:00:00Z"))).toBe(0);
    expect(daysOverdue("2025-06-12", "Pacific/Auckland", new Date("2025-06-13T06:00:00Z"))).toBe(1);
    expect(daysOverdue("2025-06-12", "UTC", new Date("2025-06-22T06:00:00Z"))).toBe(10);
    expect(daysOverdue("2025-06-12", "UTC", new Date("2025-06-01T06:00:00Z"))).toBe(0);
  });
});

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
