import type { JobDefinition } from "../db/job-queue.ts";

export const QBO_SAFETY_SYNC = "qbo-safety-sync";

/** Every so often, an incremental sync of every connected company, in case a webhook was lost. */
export function safetySyncJob(
  minutes: number,
  run: () => Promise<void>,
): JobDefinition<Record<string, never>> {
  return {
    name: QBO_SAFETY_SYNC,
    ...(minutes > 0 ? { cron: minutes < 60 ? `*/${minutes} * * * *` : "0 * * * *" } : {}),
    handle: run,
  };
}
