import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isoDateOf } from "./local-time.ts";
import { dueReminder } from "./schedule.ts";
import type { ReminderSettings, SentReminder } from "./schedule-types.ts";
import { type Stage, stagesProblem } from "./stages.ts";

/** The engine over any schedule, every day at 10:00 UTC, no weekend move: what it sends, day by day. */
const DAY = Date.UTC(2026, 0, 5) / 86_400_000;
const settings: ReminderSettings = { timeZone: "UTC", followUpInterval: 7, weekdaysOnly: false };
const at = (day: number) => new Date(day * 86_400_000 + 10 * 3_600_000);

const scheduleArb = (prefix: string) =>
  fc
    .tuple(
      fc.uniqueArray(fc.integer({ min: -20, max: 60 }), { maxLength: 5 }),
      fc.option(fc.record({ days: fc.integer({ min: 1, max: 80 }), every: fc.integer({ min: 1, max: 20 }) })),
      fc.option(fc.integer({ min: 1, max: 120 })),
    )
    .map(([offsets, repeat, final]) => {
      const stages: Stage[] = offsets
        .sort((a, b) => a - b)
        .map((o, i) => ({
          key: `stage:${prefix}${i}`,
          timing:
            o < 0 ? { kind: "before", days: -o } : o === 0 ? { kind: "on" } : { kind: "after", days: o },
        }));
      if (repeat) stages.push({ key: `stage:${prefix}r`, timing: { kind: "repeat", ...repeat } });
      if (final !== null) stages.push({ key: `stage:${prefix}f`, timing: { kind: "final", days: final } });
      return stages;
    })
    .filter((stages) => stagesProblem(stages) === null);

function run(schedule: (day: number) => readonly Stage[], days: number, paidOn = Number.POSITIVE_INFINITY) {
  const sent: (SentReminder & { day: number })[] = [];
  for (let day = DAY - 25; day < DAY + days; day++) {
    const invoice = {
      dueDate: isoDateOf(DAY),
      balanceCents: day >= paidOn ? 0 : 100,
      voided: false,
      hasEmail: true,
    };
    const due = dueReminder(invoice, settings, at(day), sent, schedule(day));
    if (due) sent.push({ ...due, sentAt: at(day), day });
  }
  return sent;
}
const keys = (sent: readonly SentReminder[]) => sent.map((s) => `${s.stage}:${s.cycle}`);

describe("the engine over any schedule", () => {
  it("never sends a stage twice, never after payment, and one email a day", () => {
    fc.assert(
      fc.property(scheduleArb("a"), fc.integer({ min: DAY - 25, max: DAY + 200 }), (stages, paidOn) => {
        const sent = run(() => stages, 200, paidOn);
        expect(new Set(keys(sent)).size).toBe(sent.length);
        expect(new Set(sent.map((s) => s.day)).size).toBe(sent.length);
        expect(sent.every((s) => s.day < paidOn)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("is never silent longer than the repetition while a balance remains and a repeating stage runs", () => {
    fc.assert(
      fc.property(
        scheduleArb("a").filter((s) => s.at(-1)?.timing.kind === "repeat"),
        (stages) => {
          const repeat = stages.at(-1)!.timing as { days: number; every: number };
          const sent = run(() => stages, 200).filter((s) => s.day >= DAY + repeat.days);
          expect(sent[0]?.day).toBe(DAY + repeat.days);
          for (let i = 1; i < sent.length; i++) expect(sent[i]!.day - sent[i - 1]!.day).toBe(repeat.every);
          expect(sent.at(-1)!.day).toBeGreaterThan(DAY + 200 - 1 - repeat.every);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("after a change of schedule mid-way, continues from the date reached: only later dates, no key twice", () => {
    fc.assert(
      fc.property(scheduleArb("a"), scheduleArb("b"), fc.integer({ min: -25, max: 120 }), (a, b, change) => {
        const sent = run((day) => (day < DAY + change ? a : b), 200);
        const before = sent.filter((s) => s.day < DAY + change);
        const after = sent.filter((s) => s.day >= DAY + change);
        const reached = Math.max(...before.map((s) => Date.parse(s.scheduledFor!)), Number.NEGATIVE_INFINITY);
        expect(after.every((s) => Date.parse(s.scheduledFor!) > reached)).toBe(true);
        expect(new Set(keys(sent)).size).toBe(sent.length);
        expect(after.every((s) => s.stage.startsWith("stage:b"))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
