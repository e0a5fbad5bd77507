import { scheduledJob } from "../db/job-queue.ts";

export const REMINDER_PLANNER = "reminder-planner";

/**
 * Every minute: finds the companies whose send window is open and queues one planning job each.
 * Running it more often, twice, or late changes nothing: each decision is keyed and idempotent.
 */
export const reminderPlannerJob = (run: () => Promise<void>) =>
  scheduledJob(REMINDER_PLANNER, "* * * * *", run, { expireInSeconds: 300 });
