import { z } from "zod";
import type { JobDefinition } from "../db/job-queue.ts";

export const STATEMENT_PLANNER = "statement-planner";
export const statementPlannerPayload = z.object({}).passthrough();

/**
 * Every five minutes: the companies with monthly statements whose first send day of the month it
 * is, with the window open, decide their customers' statements. Running it more often, twice, or
 * late changes nothing: each statement is keyed by its company, customer and month.
 */
export function statementPlannerJob(run: () => Promise<void>): JobDefinition<Record<string, never>> {
  return {
    name: STATEMENT_PLANNER,
    cron: "*/5 * * * *",
    queue: { policy: "singleton", retryLimit: 0, expireInSeconds: 300 },
    handle: async (data) => {
      statementPlannerPayload.parse(data ?? {});
      await run();
    },
  };
}
