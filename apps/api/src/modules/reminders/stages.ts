/**
 * Issue 18's schedules as data: an ordered list of stages, each a day relative to the due date,
 * the last one possibly repeating (every N days) and an optional final stage after which chasing
 * stops ('Needs a call'). Pure: the slots a schedule gives an invoice, and the latest one whose day
 * has come. The default schedule (the spec's three templates and follow-up interval) is one such
 * list, and gives exactly the slots schedule.ts gives today (stages.test.ts checks it).
 *
 * Not wired yet: the engine still runs schedule.ts. See docs/decisions/0016-reminder-schedules.md.
 */
import type { EpochDay } from "./local-time.ts";

export type StageTiming =
  /** N days before the due date (1-90). */
  | { kind: "before"; days: number }
  | { kind: "on" }
  /** N days after the due date (1-365). */
  | { kind: "after"; days: number }
  /** From N days after the due date, again every `every` days (1-90): only as the last chasing stage. */
  | { kind: "repeat"; days: number; every: number }
  /** N days after the due date, then nothing more: the invoice needs a call. Always last. */
  | { kind: "final"; days: number };

export interface Stage {
  /** The stage's key in the outbox (with its cycle): the default schedule's are the template types. */
  key: string;
  timing: StageTiming;
}

export const MAX_STAGES = 10;
export const offsetOf = (t: StageTiming) => (t.kind === "before" ? -t.days : t.kind === "on" ? 0 : t.days);

/** Why a list of stages is not a schedule, naming the stage (1-based) and field; null when it is. */
export function stagesProblem(stages: readonly Stage[]): string | null {
  if (stages.length === 0) return "A schedule needs at least one stage.";
  if (stages.length > MAX_STAGES) return `A schedule has at most ${MAX_STAGES} stages.`;
  const keys = new Set<string>();
  let previous = Number.NEGATIVE_INFINITY;
  for (const [i, { key, timing: t }] of stages.entries()) {
    const name = `Stage ${i + 1}`;
    if (keys.has(key)) return `${name}: its key is used twice.`;
    keys.add(key);
    if (t.kind === "before" && !(Number.isInteger(t.days) && t.days >= 1 && t.days <= 90))
      return `${name}: days before the due date must be 1 to 90.`;
    if (
      (t.kind === "after" || t.kind === "final" || t.kind === "repeat") &&
      !(Number.isInteger(t.days) && t.days >= 1 && t.days <= 365)
    )
      return `${name}: days after the due date must be 1 to 365.`;
    if (t.kind === "repeat" && !(Number.isInteger(t.every) && t.every >= 1 && t.every <= 90))
      return `${name}: 'repeat every' must be 1 to 90 days.`;
    const offset = offsetOf(t);
    if (offset === previous) return `${name}: another stage falls on the same day.`;
    if (offset < previous) return `${name}: stages must be in order, earliest first.`;
    previous = offset;
    const last = i === stages.length - 1;
    const nextIsFinal = stages[i + 1]?.timing.kind === "final" && i + 1 === stages.length - 1;
    if (t.kind === "final" && !last) return `${name}: the final stage must be the last one.`;
    if (t.kind === "repeat" && !last && !nextIsFinal)
      return `${name}: only the last stage (before a final one) can repeat.`;
  }
  return null;
}

/** One reminder of a schedule: its stage, its repetition, and its date by the rule (before the weekend move). */
export interface StageSlot {
  key: string;
  cycle: number;
  scheduled: EpochDay;
}

/**
 * The schedule's slots for an invoice due on `due`, in date order, up to `until` (inclusive): each
 * stage once, a repeating stage every `every` days from its first day (up to the final stage's day,
 * when there is one).
 */
export function slotsUntil(stages: readonly Stage[], due: EpochDay, until: EpochDay): StageSlot[] {
  const final = stages.at(-1)?.timing.kind === "final" ? due + offsetOf(stages.at(-1)!.timing) : null;
  const slots: StageSlot[] = [];
  for (const { key, timing: t } of stages) {
    const first = due + offsetOf(t);
    if (t.kind !== "repeat") {
      if (first <= until) slots.push({ key, cycle: 0, scheduled: first });
      continue;
    }
    const end = Math.min(until, final === null ? until : final - 1);
    for (let cycle = 0, day = first; day <= end; cycle++, day += t.every)
      slots.push({ key, cycle, scheduled: day });
  }
  return slots;
}

/** Whether chasing has ended for good: the final stage was sent. */
export const needsACall = (stages: readonly Stage[], sentKeys: ReadonlySet<string>) => {
  const last = stages.at(-1);
  return last?.timing.kind === "final" && sentKeys.has(`${last.key}:0`);
};

/** The spec's schedule: 3 days before, on the due date, then every `interval` days from the day after. */
export const defaultStages = (interval: number): Stage[] => [
  { key: "before_due_date", timing: { kind: "before", days: 3 } },
  { key: "on_due_date", timing: { kind: "on" } },
  { key: "after_due_date", timing: { kind: "repeat", days: 1, every: interval } },
];

/**
 * The latest slot whose send day (`sendDay`: the weekend move) has come by `today`: the only one
 * that may go out then (a catch-up sends only the latest). Reads a repeating stage's cycles from
 * the top down, so a long history costs nothing.
 */
export function latestStageSlot(
  stages: readonly Stage[],
  due: EpochDay,
  today: EpochDay,
  sendDay: (day: EpochDay) => EpochDay,
): StageSlot | null {
  const final = stages.at(-1)?.timing.kind === "final" ? due + offsetOf(stages.at(-1)!.timing) : null;
  for (let i = stages.length - 1; i >= 0; i--) {
    const { key, timing: t } = stages[i]!;
    const first = due + offsetOf(t);
    if (t.kind !== "repeat") {
      if (sendDay(first) <= today) return { key, cycle: 0, scheduled: first };
      continue;
    }
    const last = Math.min(today, final === null ? today : final - 1);
    for (let cycle = Math.floor((last - first) / t.every); cycle >= 0; cycle--) {
      const scheduled = first + cycle * t.every;
      if (sendDay(scheduled) <= today) return { key, cycle, scheduled };
    }
  }
  return null;
}
