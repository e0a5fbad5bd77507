import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { latestSlot } from "./schedule.ts";
import type { FollowUpInterval } from "./schedule-types.ts";
import { sendDay, timing } from "./send-window.ts";
import { defaultStages, latestStageSlot, type Stage, slotsUntil, stagesProblem } from "./stages.ts";

const DAY = Date.UTC(2026, 0, 1) / 86_400_000;

describe("schedules as lists of stages", () => {
  it("the default schedule takes, at any day, the slot today's schedule takes", () => {
    fc.assert(
      fc.property(
        fc.constantFrom<FollowUpInterval>(7, 15, 30),
        fc.boolean(),
        fc.integer({ min: DAY, max: DAY + 400 }),
        fc.integer({ min: -10, max: 400 }),
        (interval, weekdaysOnly, due, offset) => {
          const t = timing({ timeZone: "UTC", followUpInterval: interval, weekdaysOnly });
          const today = due + offset;
          const old = latestSlot(t, due, today);
          const now = latestStageSlot(defaultStages(interval), due, today, (d) => sendDay(t, d));
          expect(now && { key: now.key, cycle: now.cycle, scheduled: now.scheduled }).toEqual(
            old && { key: old.stage, cycle: old.cycle, scheduled: old.scheduled },
          );
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("the latest slot is the last of the slots whose send day has come, for any valid schedule", () => {
    const timingArb = fc.oneof(
      fc.integer({ min: 1, max: 30 }).map((days) => ({ kind: "before" as const, days })),
      fc.constant({ kind: "on" as const }),
      fc.integer({ min: 1, max: 120 }).map((days) => ({ kind: "after" as const, days })),
    );
    const scheduleArb = fc
      .tuple(
        fc.array(timingArb, { minLength: 0, maxLength: 6 }),
        fc.option(
          fc.record({ days: fc.integer({ min: 1, max: 150 }), every: fc.integer({ min: 1, max: 90 }) }),
        ),
        fc.option(fc.integer({ min: 1, max: 300 })),
      )
      .map(([fixed, repeat, final]) => {
        const stages: Stage[] = fixed.map((timing, i) => ({ key: `s${i}`, timing }));
        if (repeat) stages.push({ key: "r", timing: { kind: "repeat", ...repeat } });
        if (final !== null) stages.push({ key: "f", timing: { kind: "final", days: final } });
        const offset = (s: Stage) =>
          s.timing.kind === "before" ? -s.timing.days : s.timing.kind === "on" ? 0 : s.timing.days;
        // Sorted by day, one stage a day: what the form lets through.
        const byDay = new Map(stages.map((s) => [offset(s), s]));
        return [...byDay.values()].sort((a, b) => offset(a) - offset(b));
      })
      .filter((stages) => stages.length > 0 && stagesProblem(stages) === null);
    fc.assert(
      fc.property(
        scheduleArb,
        fc.boolean(),
        fc.integer({ min: -40, max: 500 }),
        (stages, weekdaysOnly, offset) => {
          const t = timing({ timeZone: "UTC", followUpInterval: 7, weekdaysOnly });
          const move = (d: number) => sendDay(t, d);
          const today = DAY + offset;
          const expected = slotsUntil(stages, DAY, today)
            .filter((s) => move(s.scheduled) <= today)
            .sort((a, b) => a.scheduled - b.scheduled)
            .at(-1);
          expect(latestStageSlot(stages, DAY, today, move)).toEqual(expected ?? null);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("refuses what is not a schedule, naming the stage and the field", () => {
    const on: Stage = { key: "a", timing: { kind: "on" } };
    expect(stagesProblem([])).toBe("A schedule needs at least one stage.");
    expect(stagesProblem([on, { key: "b", timing: { kind: "after", days: 0 } }])).toBe(
      "Stage 2: days after the due date must be 1 to 365.",
    );
    expect(
      stagesProblem([
        { key: "a", timing: { kind: "after", days: 3 } },
        { key: "b", timing: { kind: "after", days: 3 } },
      ]),
    ).toBe("Stage 2: another stage falls on the same day.");
    expect(stagesProblem([{ key: "a", timing: { kind: "repeat", days: 1, every: 91 } }])).toBe(
      "Stage 1: 'repeat every' must be 1 to 90 days.",
    );
    expect(
      stagesProblem([
        { key: "f", timing: { kind: "final", days: 60 } },
        { key: "g", timing: { kind: "after", days: 70 } },
      ]),
    ).toBe("Stage 1: the final stage must be the last one.");
    expect(
      stagesProblem(
        Array.from({ length: 11 }, (_, i) => ({
          key: `k${i}`,
          timing: { kind: "after" as const, days: i + 1 },
        })),
      ),
    ).toBe("A schedule has at most 10 stages.");
    expect(stagesProblem(defaultStages(7))).toBeNull();
  });
});
