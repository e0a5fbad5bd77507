/** Keeping syncs going: the periodic safety net, and leases freed after a restart. */
import type { AppContext } from "../../context.ts";
import { enqueueSync } from "../../jobs/qbo-sync.ts";
import { connectedCompanyIds } from "./connections.repository.ts";
import { releaseAllLeases } from "./sync-lease.repository.ts";
import { pruneWebhookEvents } from "./webhook-events.repository.ts";

/** The periodic safety net: an incremental sync of every connected company, and old webhook records pruned. */
export async function runSafetySync(ctx: AppContext) {
  for (const companyId of await connectedCompanyIds(ctx.db)) {
    await enqueueSync(ctx, companyId, "incremental");
  }
  // Intuit retries a notification for hours at most; a week of memory is plenty for de-duplication.
  await pruneWebhookEvents(ctx.db, 7);
}

/**
 * After a restart on the embedded database, which no other process can use: a lease is held only
 * by a sync of a process that died, so an interrupted import resumes now, not when the lease
 * expires (10 minutes after its last page).
 */
export const releaseAbandonedLeases = (ctx: AppContext) => releaseAllLeases(ctx.db);
