import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context.ts";
import type { SyncProgress } from "../../db/schema/index.ts";
import { secondsSince } from "../../lib/metrics.ts";
import { QboNotConnected } from "./access.service.ts";
import { findConnection, updateConnection } from "./connections.repository.ts";
import { acquireLease, releaseLease, renewLease } from "./sync-lease.repository.ts";
import { fullImport, incremental } from "./sync-passes.ts";
import { plannedSync, type SyncMode } from "./sync-plan.ts";
import { ENTITIES, type Run, SyncSuperseded } from "./sync-run.ts";
import { vacuumSynced } from "./synced-counts.repository.ts";

/**
 * How long a sync's lease lasts unrenewed: how soon another worker can take over from one that
 * died. A running sync renews it every RENEW_MS (and with each page's progress), so a page that
 * takes Intuit a minute does not lose it.
 */
const LEASE_SECONDS = 60;
const RENEW_MS = 15_000;

/** A sync that wrote this many records (or a full import) leaves the tables vacuumed and analyzed. */
const VACUUM_AFTER_RECORDS = 1000;

/** Overlap between syncs, so a change committed at Intuit while we read is never skipped. */
const CURSOR_OVERLAP_MS = 5 * 60_000;

/**
 * One sync of a company, holding its lease so no other worker syncs it at the same time.
 * A full import records its position after each page, so a crash resumes where it stopped;
 * every write is an idempotent upsert, so a page read twice leaves no duplicate. A page is
 * written only while this run still holds the lease on the realm it started with.
 */
export async function runSync(
  ctx: AppContext,
  companyId: string,
  requested: SyncMode,
  log?: FastifyBaseLogger,
) {
  const owner = randomUUID();
  const started = performance.now();
  let ran: string = requested;
  const counted = (outcome: string) => ctx.metrics.syncRuns.inc({ mode: ran, outcome });
  if (!(await acquireLease(ctx.db, companyId, owner, LEASE_SECONDS))) {
    counted("busy");
    return { skipped: true as const, reason: "busy" as const };
  }
  // A lease taken away (reconnect, disconnect) is seen by the next page's write, which checks it.
  const renewal = setInterval(() => {
    renewLease(ctx.db, companyId, owner, LEASE_SECONDS).catch(() => {});
  }, RENEW_MS);
  renewal.unref();
  try {
    const conn = (await findConnection(ctx.db, companyId))!;
    const startedAt = new Date();
    const { mode, resumable } = plannedSync(conn, requested, startedAt);
    ran = mode;
    const progress: SyncProgress = resumable
      ? { ...conn.syncProgress!, error: undefined }
      : { mode, phase: ENTITIES[0]!, counts: {}, startedAt: startedAt.toISOString() };
    const run: Run = {
      ctx,
      companyId,
      realmId: conn.realmId,
      owner,
      progress,
      save: async (db = ctx.db) => {
        if (!(await renewLease(db, companyId, owner, LEASE_SECONDS))) throw new SyncSuperseded();
        await updateConnection(db, companyId, { syncProgress: { ...progress } });
      },
    };
    await run.save();
    if (mode === "full") await fullImport(run);
    else await incremental(run, conn.cdcCursor!);
    const cursorFrom = new Date(resumable ? progress.startedAt : startedAt.toISOString());
    // Maintenance before the sync counts as finished, so the lists are fast once it says so.
    const written = ENTITIES.reduce((n, entity) => n + (progress.counts[entity] ?? 0), 0);
    if (mode === "full" || written >= VACUUM_AFTER_RECORDS) await vacuumSynced(ctx.db);
    progress.phase = "done";
    progress.finishedAt = new Date().toISOString();
    await run.save();
    await updateConnection(ctx.db, companyId, {
      cdcCursor: new Date(cursorFrom.getTime() - CURSOR_OVERLAP_MS),
      lastSyncAt: new Date(),
    });
    log?.info({ companyId, mode, counts: progress.counts }, "quickbooks sync finished");
    counted("finished");
    ctx.metrics.syncDuration.observe({ mode }, secondsSince(started));
    return { skipped: false as const, mode, counts: progress.counts };
  } catch (err) {
    counted(
      err instanceof QboNotConnected
        ? "not_connected"
        : err instanceof SyncSuperseded
          ? "superseded"
          : "failed",
    );
    if (err instanceof QboNotConnected) return { skipped: true as const, reason: "not connected" as const };
    if (err instanceof SyncSuperseded) return { skipped: true as const, reason: "superseded" as const };
    log?.warn({ companyId, err }, "quickbooks sync failed; the job will retry");
    const conn = await findConnection(ctx.db, companyId);
    if (conn?.syncProgress && conn.syncLeaseOwner === owner) {
      const error = err instanceof Error ? err.message.slice(0, 300) : "The sync failed.";
      await updateConnection(ctx.db, companyId, { syncProgress: { ...conn.syncProgress, error } });
    }
    throw err;
  } finally {
    clearInterval(renewal);
    await releaseLease(ctx.db, companyId, owner);
  }
}
