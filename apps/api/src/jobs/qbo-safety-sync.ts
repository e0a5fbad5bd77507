import { eq, lt, sql } from "drizzle-orm";
import type { AppContext } from "../context.ts";
import { qboConnections, qboWebhookEvents } from "../db/schema/index.ts";
import { enqueueSync } from "./qbo-sync.ts";
import type { JobDefinition } from "./queue.ts";

/** Every so often, an incremental sync of every connected company, in case a webhook was lost. */
export function safetySyncJob(ctx: AppContext): JobDefinition<Record<string, never>> {
  const minutes = ctx.config.quickbooks.safetySyncMinutes;
  return {
    name: "qbo-safety-sync",
    ...(minutes > 0 ? { cron: minutes < 60 ? `*/${minutes} * * * *` : "0 * * * *" } : {}),
    async handle() {
      const rows = await ctx.db
        .select({ companyId: qboConnections.companyId })
        .from(qboConnections)
        .where(eq(qboConnections.status, "connected"));
      for (const { companyId } of rows) await enqueueSync(ctx, companyId, "incremental");
      // Intuit retries a notification for hours at most; a week of memory is plenty for de-duplication.
      await ctx.db
        .delete(qboWebhookEvents)
        .where(lt(qboWebhookEvents.receivedAt, sql`now() - interval '7 days'`));
    },
  };
}
