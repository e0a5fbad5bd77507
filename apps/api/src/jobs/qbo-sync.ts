import { z } from "zod";
import type { AppContext } from "../context.ts";
import { runSync } from "../modules/quickbooks/sync.service.ts";
import type { JobDefinition } from "./queue.ts";

export const QBO_SYNC = "qbo-sync";
export const qboSyncPayload = z.object({ companyId: z.uuid(), mode: z.enum(["full", "incremental"]) });
export type QboSyncJob = z.infer<typeof qboSyncPayload>;

/** A company's sync; the lease inside makes a second concurrent job a no-op. */
export function qboSyncJob(ctx: AppContext): JobDefinition<QboSyncJob> {
  return {
    name: QBO_SYNC,
    queue: { retryLimit: 8, retryDelay: 2, retryBackoff: true },
    async handle(data) {
      const { companyId, mode } = qboSyncPayload.parse(data);
      await runSync(ctx, companyId, mode);
    },
  };
}

export const enqueueSync = (ctx: AppContext, companyId: string, mode: QboSyncJob["mode"]) =>
  ctx.queue.send(QBO_SYNC, { companyId, mode }, { singletonKey: `${companyId}:${mode}` });
