import { z } from "zod";
import type { AppContext } from "../context.ts";
import type { DbOrTx } from "../db/client.ts";
import type { JobDefinition } from "../db/job-queue.ts";

export const QBO_SYNC = "qbo-sync";
const SYNC_EXPIRY_SECONDS = 180;
export const qboSyncPayload = z.object({ companyId: z.uuid(), mode: z.enum(["full", "incremental"]) });
export type QboSyncJob = z.infer<typeof qboSyncPayload>;

/** What running one sync reports: busy means another worker holds the company's lease. */
export type SyncRunner = (
  companyId: string,
  mode: QboSyncJob["mode"],
) => Promise<{ skipped: true; reason: string } | { skipped: false }>;

/** A company's sync; the lease inside the runner makes a second concurrent job a no-op. */
export function qboSyncJob(ctx: AppContext, run: SyncRunner): JobDefinition<QboSyncJob> {
  return {
    name: QBO_SYNC,
    // Stately: per company at most one queued and one running, so a burst of webhooks during a
    // sync leaves exactly one sync to run after it. A job whose worker died is active until it
    // expires; the expiry is short so another worker resumes the import within minutes. A sync
    // still running at expiry holds the lease, so the retry finds it busy and comes back later.
    queue: {
      policy: "stately",
      retryLimit: 8,
      retryDelay: 2,
      retryBackoff: true,
      expireInSeconds: SYNC_EXPIRY_SECONDS,
    },
    async handle(data) {
      const { companyId, mode } = qboSyncPayload.parse(data);
      const result = await run(companyId, mode);
      // Another worker holds the lease: come back after it, rather than dropping this change.
      if (result.skipped && result.reason === "busy") await enqueueSync(ctx, companyId, mode, 30);
    },
  };
}

export const enqueueSync = (
  ctx: AppContext,
  companyId: string,
  mode: QboSyncJob["mode"],
  delaySeconds = 0,
  tx?: DbOrTx,
) => ctx.queue.send(QBO_SYNC, { companyId, mode }, { singletonKey: companyId, startAfter: delaySeconds, tx });
