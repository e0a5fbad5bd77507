import { errorCodes, type QuickbooksStatusResponse } from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import { enqueueSync } from "../../jobs/qbo-sync.ts";
import { AppError } from "../../lib/errors.ts";
import { findConnection } from "./connections.repository.ts";
import { plannedSync } from "./sync-plan.ts";
import { countSynced } from "./synced-counts.repository.ts";

/**
 * The spec's status answer (`["connected"]`, or `["sync", <status>]` when the company must
 * (re)connect) with the connection's details and the running sync's progress.
 */
export async function connectionStatus(
  ctx: AppContext,
  companyId: string,
): Promise<QuickbooksStatusResponse> {
  const row = await findConnection(ctx.db, companyId);
  const state = row?.status ?? "disconnected";
  return {
    data: state === "connected" ? ["connected"] : ["sync", state],
    connection: {
      status: state,
      realmId: row?.realmId ?? null,
      lastSyncAt: row?.lastSyncAt?.toISOString() ?? null,
      errorMessage: row?.errorMessage ?? null,
      syncing: Boolean(row?.syncLeaseUntil && row.syncLeaseUntil > new Date()),
      progress: row?.syncProgress ?? null,
      companyUrl: ctx.config.quickbooks.appUrl,
    },
  };
}

/** "Pull from QuickBooks": queues a sync (one per company at a time) and reports what it will do. */
export async function pull(ctx: AppContext, companyId: string) {
  const row = await findConnection(ctx.db, companyId);
  if (row?.status !== "connected") {
    throw new AppError(
      409,
      errorCodes.conflict,
      "QuickBooks is not connected. Connect it on the Integrations page.",
    );
  }
  const { mode } = plannedSync(row, "incremental");
  const id = await enqueueSync(ctx, companyId, "incremental");
  return {
    data: {
      queued: id !== null,
      mode,
      progress: row.syncProgress ?? null,
      counts: await countSynced(ctx.db, companyId),
    },
  };
}

/** After the consent round trip: the first sync starts at once. */
export async function afterConnect(ctx: AppContext, companyId: string) {
  await enqueueSync(ctx, companyId, "incremental");
  return connectionStatus(ctx, companyId);
}
