import { z } from "zod";
import type { JobDefinition } from "../db/job-queue.ts";

export const REMINDER_PLANNER = "reminder-planner";
export const reminderPlannerPayload = z.object({}).passthrough();

/**
 * Every minute: finds the companies whose send window is open and queues one planning job each.
 * Running it more often, twice, or late changes nothing: each decision is keyed and idempotent.
 */
export function reminderPlannerJob(run: () => Promise<void>): JobDefinition<Record<string, never>> {
  return {
    name: REMINDER_PLANNER,
    cron: "* * * * *",
    // One run at a time; a run that overlaps the next minute's is simply skipped.
    queue: { policy: "singleton", retryLimit: 0, expireInSeconds: 300 },
    handle: async (data) => {
      reminderPlannerPayload.parse(data ?? {});
      await run();
    },
  };
}
