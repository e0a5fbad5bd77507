import { scheduledJob } from "../db/job-queue.ts";

export const STATEMENT_PLANNER = "statement-planner";

/**
 * Every five minutes: the companies with monthly statements whose first send day of the month it
 * is, with the window open, decide their customers' statements. Running it more often, twice, or
 * late changes nothing: each statement is keyed by its company, customer and month.
 */
export const statementPlannerJob = (run: () => Promise<void>) =>
  scheduledJob(STATEMENT_PLANNER, "*/5 * * * *", run, { expireInSeconds: 300 });
