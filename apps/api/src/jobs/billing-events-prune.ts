import { scheduledJob } from "../db/job-queue.ts";

export const BILLING_EVENTS_PRUNE = "billing-events-prune";
/** How long a provider event's id is kept to recognise its redeliveries (Stripe's: up to 3 days). */
export const BILLING_EVENTS_KEPT_DAYS = 30;

/** Daily: forgets the provider events received more than 30 days ago. */
export const billingEventsPruneJob = (run: () => Promise<void>) =>
  scheduledJob(BILLING_EVENTS_PRUNE, "17 3 * * *", run, { retryLimit: 2 });
