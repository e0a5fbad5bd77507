import { scheduledJob } from "../db/job-queue.ts";

export const RATE_COUNTERS_PRUNE = "rate-counters-prune";

/**
 * Daily: forgets the rate counters (sign-in throttles, per-address request limits) whose window
 * ended long ago, so a public server's table holds the recent clients only.
 */
export const rateCountersPruneJob = (run: () => Promise<void>) =>
  scheduledJob(RATE_COUNTERS_PRUNE, "29 3 * * *", run, { retryLimit: 2 });
