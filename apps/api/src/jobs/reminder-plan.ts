import { z } from "zod";
import type { AppContext } from "../context.ts";
import type { JobDefinition } from "../db/job-queue.ts";

export const REMINDER_PLAN = "reminder-plan";
export const reminderPlanPayload = z.object({ companyId: z.uuid() });
export type ReminderPlanJob = z.infer<typeof reminderPlanPayload>;
/** Companies planned at once by one worker process: one's SQL runs while another's schedule is worked out. */
export const REMINDER_PLAN_CONCURRENCY = 2;

/** One company's planning: data made fresh, then the decisions and their sends in one transaction. */
export function reminderPlanJob(
  run: (companyId: string) => Promise<unknown>,
): JobDefinition<ReminderPlanJob> {
  return {
    name: REMINDER_PLAN,
    // Per company at most one queued and one running; the next minute's planner run retries. A run
    // left active by a killed worker holds its company until it expires (2 minutes, plus up to one
    // of pg-boss's maintenance intervals): a plan takes seconds. One that outlives it is harmless,
    // as the next runs wait for the company's lock, a running sync answers "busy", and every
    // decision is keyed.
    queue: { policy: "stately", retryLimit: 0, expireInSeconds: 120 },
    concurrency: REMINDER_PLAN_CONCURRENCY,
    async handle(data) {
      await run(reminderPlanPayload.parse(data).companyId);
    },
  };
}

export const enqueuePlan = (ctx: AppContext, companyId: string) =>
  ctx.queue.send(REMINDER_PLAN, { companyId }, { singletonKey: companyId });
