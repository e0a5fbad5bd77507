/** A company's schedules read once, and which one each customer follows (schedule-choice.ts). */
import type { DbOrTx } from "../../db/client.ts";
import { defaultSchedule, scheduleReasons } from "./schedule-choice.ts";
import * as repo from "./schedules.repository.ts";
import type { Stage } from "./stages.ts";

export async function followedSchedules(db: DbOrTx, companyId: string, followUpInterval: number) {
  // One after another: inside a transaction they share one connection.
  const schedules = await repo.findSchedules(db, companyId);
  const assignments = await repo.findAssignments(db, companyId);
  const reasons = scheduleReasons(schedules, assignments, followUpInterval);
  return {
    schedules,
    assignments,
    reasons,
    /** A customer's schedule, or null: not chased. */
    scheduleOf: (ref: string) => reasons(ref).schedule,
    fallback: defaultSchedule(schedules, followUpInterval),
  };
}
export type FollowedSchedules = Awaited<ReturnType<typeof followedSchedules>>;

/**
 * Who follows what, as the planner's read filters by it: the schedule of customers without a choice
 * or tag (`fallback`), each other schedule with its customers, and the customers not chased. Only
 * customers with a choice or a tagged profile can differ from the fallback, so the lists stay short.
 */
export interface PlanGroups {
  fallback: readonly Stage[];
  others: { stages: readonly Stage[]; customerRefs: string[] }[];
  unchased: string[];
  /** Whether a company schedule's own stages are in play: their highest cycles must be read. */
  customStages: boolean;
}
export function planGroups(f: FollowedSchedules): PlanGroups {
  const refs = new Set([
    ...f.assignments.customers.map((c) => c.customerRef),
    ...f.assignments.profiles.map((p) => p.customerRef),
  ]);
  const others = new Map<string | null, { stages: readonly Stage[]; customerRefs: string[] }>();
  const unchased: string[] = [];
  for (const ref of refs) {
    const s = f.scheduleOf(ref);
    if (!s) unchased.push(ref);
    else if (s.id !== f.fallback.id) {
      const group = others.get(s.id) ?? { stages: s.stages, customerRefs: [] };
      group.customerRefs.push(ref);
      others.set(s.id, group);
    }
  }
  return {
    fallback: f.fallback.stages,
    others: [...others.values()],
    unchased,
    customStages: f.schedules.length > 0,
  };
}
