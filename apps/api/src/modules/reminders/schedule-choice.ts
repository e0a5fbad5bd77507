/**
 * Which schedule each customer follows (pure): their own choice, else their tags' (the first tag
 * in alphabetical order that has a schedule), else the company's default (one of its schedules
 * marked default, or the standard one: the spec's three templates and the follow-up interval).
 */
import type { ScheduleStage } from "@recoup/contracts";
import type { Assignments, ScheduleRow } from "./schedules.repository.ts";
import { defaultStages, type Stage } from "./stages.ts";

/** A schedule as the engine reads it: null id for the standard one, whose stages carry no template. */
export interface Followed {
  id: string | null;
  name: string;
  stages: readonly (Stage | ScheduleStage)[];
}

export const STANDARD_NAME = "Standard schedule";
export const standardSchedule = (interval: number): Followed => ({
  id: null,
  name: STANDARD_NAME,
  stages: defaultStages(interval),
});

/** What customers with no choice and no tag follow: the company's default, or the standard schedule. */
export const defaultSchedule = (schedules: readonly ScheduleRow[], followUpInterval: number): Followed =>
  schedules.find((s) => s.isDefault) ?? standardSchedule(followUpInterval);

/** Which schedule a customer follows and why: their own choice, a tag (which), or the company's default. */
export interface FollowedBy {
  /** null: not chased ('Don't chase this customer'). */
  schedule: Followed | null;
  via: "own" | "tag" | "default";
  tag: string | null;
}

export function scheduleReasons(
  schedules: readonly ScheduleRow[],
  assignments: Assignments,
  followUpInterval: number,
): (customerRef: string) => FollowedBy {
  const standard = standardSchedule(followUpInterval);
  const byId = new Map<string, Followed>(schedules.map((s) => [s.id, s]));
  const fallback = defaultSchedule(schedules, followUpInterval);
  const own = new Map<string, FollowedBy>(
    assignments.customers.map((c) => [
      c.customerRef,
      {
        schedule:
          c.choice === "none"
            ? null
            : c.choice === "standard"
              ? standard
              : (byId.get(c.scheduleId!) ?? fallback),
        via: "own",
        tag: null,
      },
    ]),
  );
  const tagSchedule = new Map(assignments.tags.map((t) => [t.tag, byId.get(t.scheduleId)]));
  const byTag = new Map<string, FollowedBy>();
  for (const p of assignments.profiles) {
    const tag = [...p.tags].sort().find((t) => tagSchedule.get(t));
    if (tag) byTag.set(p.customerRef, { schedule: tagSchedule.get(tag)!, via: "tag", tag });
  }
  const byDefault: FollowedBy = { schedule: fallback, via: "default", tag: null };
  return (ref) => own.get(ref) ?? byTag.get(ref) ?? byDefault;
}
