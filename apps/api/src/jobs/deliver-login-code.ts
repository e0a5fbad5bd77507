import { z } from "zod";
import type { AppContext } from "../context.ts";
import type { JobDefinition } from "../db/job-queue.ts";

export const DELIVER_LOGIN_CODE = "deliver-login-code";
export const deliverLoginCodePayload = z.object({
  email: z.string(),
  /** The code's id, named by the login's signed challenge. */
  challengeId: z.string().uuid(),
  /** Whether the password was right: the login queued this job either way, so it took the same time. */
  passwordRight: z.boolean(),
});
export type DeliverLoginCodeJob = z.infer<typeof deliverLoginCodePayload>;

/** A new browser's login code: issued and emailed by `deliver`, off the request. */
export function deliverLoginCodeJob(
  deliver: (job: DeliverLoginCodeJob) => Promise<void>,
): JobDefinition<DeliverLoginCodeJob> {
  return {
    name: DELIVER_LOGIN_CODE,
    async handle(data) {
      await deliver(deliverLoginCodePayload.parse(data));
    },
  };
}

export const enqueueDeliverLoginCode = (ctx: AppContext, job: DeliverLoginCodeJob) =>
  ctx.queue.send(DELIVER_LOGIN_CODE, job);
