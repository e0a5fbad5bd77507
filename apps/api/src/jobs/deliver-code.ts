import { z } from "zod";
import type { AppContext } from "../context.ts";
import type { JobDefinition } from "../db/job-queue.ts";

export const DELIVER_CODE = "deliver-code";
export const deliverCodePayload = z.object({
  purpose: z.enum(["verify_email", "reset_password"]),
  email: z.string(),
});
export type DeliverCodeJob = z.infer<typeof deliverCodePayload>;

/**
 * A requested code (resend-verification, forgot-password): looked up, issued and emailed by
 * `deliver`, off the request, so the request does the same work whether or not the account exists.
 */
export function deliverCodeJob(
  deliver: (purpose: DeliverCodeJob["purpose"], email: string) => Promise<void>,
): JobDefinition<DeliverCodeJob> {
  return {
    name: DELIVER_CODE,
    async handle(data) {
      const { purpose, email } = deliverCodePayload.parse(data);
      await deliver(purpose, email);
    },
  };
}

export const enqueueDeliverCode = (ctx: AppContext, purpose: DeliverCodeJob["purpose"], email: string) =>
  ctx.queue.send(DELIVER_CODE, { purpose, email });
