import { z } from "zod";
import type { AppContext } from "../context.ts";
import type { DbOrTx } from "../db/client.ts";
import type { JobDefinition } from "../db/job-queue.ts";

export const BILLING_PROVISION = "billing-provision";
export const billingProvisionPayload = z.object({ companyId: z.uuid() });
export type BillingProvisionJob = z.infer<typeof billingProvisionPayload>;

/**
 * Makes the company's provider customer and trial subscription. Queued with the onboarding that
 * asks for it, so a provider that is down then only delays it: retried with backoff for about a
 * day (every call carries an idempotency key, so a retry never makes a second customer or trial).
 */
export function billingProvisionJob(
  run: (companyId: string) => Promise<void>,
): JobDefinition<BillingProvisionJob> {
  return {
    name: BILLING_PROVISION,
    queue: { policy: "stately", retryLimit: 14, retryDelay: 5, retryBackoff: true },
    async handle(data) {
      await run(billingProvisionPayload.parse(data).companyId);
    },
  };
}

export const enqueueProvision = (ctx: AppContext, companyId: string, tx?: DbOrTx) =>
  ctx.queue.send(BILLING_PROVISION, { companyId }, { singletonKey: companyId, tx });
