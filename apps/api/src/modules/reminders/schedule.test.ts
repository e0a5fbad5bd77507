import { describe, expect, it } from "vitest";
import { dueReminder, nextReminders } from "./schedule.ts";
import type { ReminderInvoice, ReminderSettings, SentReminder } from "./schedule-types.ts";

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
