/** A company's schedules read once, and which one each customer follows (schedule-choice.ts). */
import type { DbOrTx } from "../../db/client.ts";
import { allStandard, scheduleReasons, scheduleResolver } from "./schedule-choice.ts";
import * as repo from "./schedules.repository.ts";

export async function followedSchedules(db: DbOrTx, companyId: string, followUpInterval: number) {
  // One after another: inside a transaction they share one connection.
  const schedules = await repo.findSchedules(db, companyId);
  const assignments = await repo.findAssignments(db, companyId);
  return {
    schedules,
    assignments,
    reasons: scheduleReasons(schedules, assignments, followUpInterval),
    scheduleOf: scheduleResolver(schedules, assignments, followUpInterval),
    /** Every customer follows the standard schedule (or none). */
    allStandard: allStandard(schedules, assignments),
  };
}
export type FollowedSchedules = Awaited<ReturnType<typeof followedSchedules>>;
