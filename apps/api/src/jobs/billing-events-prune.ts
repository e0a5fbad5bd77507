import { z } from "zod";
import type { JobDefinition } from "../db/job-queue.ts";

export const BILLING_EVENTS_PRUNE = "billing-events-prune";
export const billingEventsPrunePayload = z.object({}).passthrough();
/** How long a provider event's id is kept to recognise its redeliveries (Stripe's: up to 3 days). */
export const BILLING_EVENTS_KEPT_DAYS = 30;

/** Daily: forgets the provider events received more than 30 days ago. */
export function billingEventsPruneJob(run: () => Promise<void>): JobDefinition<Record<string, never>> {
  return {
    name: BILLING_EVENTS_PRUNE,
    cron: "17 3 * * *",
    queue: { policy: "singleton", retryLimit: 2, expireInSeconds: 600 },
    handle: async (data) => {
      billingEventsPrunePayload.parse(data ?? {});
      await run();
    },
  };
}
