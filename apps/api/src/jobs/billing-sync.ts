import { z } from "zod";
import type { AppContext } from "../context.ts";
import type { DbOrTx } from "../db/client.ts";
import type { JobDefinition } from "../db/job-queue.ts";

export const BILLING_SYNC = "billing-sync";
export const billingSyncPayload = z.object({ companyId: z.uuid() });
export type BillingSyncJob = z.infer<typeof billingSyncPayload>;

/**
 * Reads the company's subscription from the provider and stores it. Stately per company (one
 * queued, one running), so a burst of webhooks ends in one read made after the last of them.
 */
export function billingSyncJob(run: (companyId: string) => Promise<void>): JobDefinition<BillingSyncJob> {
  return {
    name: BILLING_SYNC,
    queue: { policy: "stately", retryLimit: 10, retryDelay: 5, retryBackoff: true },
    async handle(data) {
      await run(billingSyncPayload.parse(data).companyId);
    },
  };
}

export const enqueueBillingSync = (ctx: AppContext, companyId: string, tx?: DbOrTx) =>
  ctx.queue.send(BILLING_SYNC, { companyId }, { singletonKey: companyId, tx });
