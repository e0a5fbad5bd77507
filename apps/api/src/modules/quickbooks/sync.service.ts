import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context.ts";
import { touchCompanyData } from "../../db/data-version.ts";
import type { SyncProgress } from "../../db/schema/index.ts";
import type { QboRecord, QboRecords } from "../../integrations/quickbooks/records.ts";
import { enqueueSync } from "../../jobs/qbo-sync.ts";
import { newLeaseOwner, QboNotConnected, withAccess } from "./connection.service.ts";
import * as map from "./qbo-mappers.ts";
import * as repo from "./quickbooks.repository.ts";

export const ENTITIES: repo.SyncedEntity[] = ["Customer", "Invoice", "Payment", "CreditMemo"];
const PAGE = 1000;
const LEASE_SECONDS = 600;
/** A sync that wrote this many records (or a full import) leaves the tables vacuumed and analyzed. */
const VACUUM_AFTER_RECORDS = 1000;

/** The connection changed under a running sync (reconnected, disconnected, data deleted): stop writing. */
class SyncSuperseded extends Error {}
/** CDC looks back at most 30 days; older cursors need a full import. */
const CDC_MAX_AGE_MS = 29 * 24 * 3600_000;
/** Overlap between syncs, so a change committed at Intuit while we read is never skipped. */
const CURSOR_OVERLAP_MS = 5 * 60_000;

const rowFor: {
  [E in repo.SyncedEntity]: (e: QboRecords[E], c: string, r: string) => Record<string, unknown>;
} = {
  Customer: map.customerRow,
  Invoice: map.invoiceRow,
  Payment: map.paymentRow,
  CreditMemo: map.creditMemoRow,
};
const toRow = (entity: repo.SyncedEntity, e: QboRecord, companyId: string, realmId: string) =>
  (rowFor[entity] as (e: QboRecord, c: string, r: string) => Record<string, unknown>)(e, companyId, realmId);

interface Run {
  ctx: AppContext;
  companyId: string;
  /** The realm this sync started on; a page of another realm is never written. */
  realmId: string;
  owner: string;
  progress: SyncProgress;
  save: () => Promise<void>;
}

/** A QuickBooks call for this run; a connection switched to another realm ends the run. */
function call<T>(run: Run, fn: (token: string, realmId: string) => Promise<T>): Promise<T> {
  return withAccess(run.ctx, run.companyId, (token, realmId) => {
    if (realmId !== run.realmId) throw new SyncSuperseded();
    return fn(token, realmId);
  });
}

/** Applies one page in one transaction (upserts, links to invoices, deletions) while the lease holds. */
async function applyPage(run: Run, entity: repo.SyncedEntity, items: QboRecord[]) {
  const { ctx, companyId, realmId } = run;
  const active = items.filter((e) => !e.deleted);
  const deleted = items.filter((e) => e.deleted).map((e) => e.id);
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.holdsLease(tx, companyId, run.owner, realmId))) throw new SyncSuperseded();
    await repo.upsertSynced(
      tx,
      entity,
      active.map((e) => toRow(entity, e, companyId, realmId)),
    );
    if (entity === "Payment" || entity === "CreditMemo") {
      const paying = active as (QboRecords["Payment"] | QboRecords["CreditMemo"])[];
      const links = paying.flatMap((e) => map.paymentApplicationRows(e, companyId, entity));
      await repo.replaceApplications(
        tx,
        companyId,
        entity,
        paying.map((e) => e.id),
        links,
      );
    }
    await repo.markDeleted(tx, entity, companyId, deleted);
    await touchCompanyData(tx, companyId);
  });
}

export type SyncMode = "full" | "incremental";

/** The periodic safety net: an incremental sync of every connected company, and old webhook records pruned. */
export async function runSafetySync(ctx: AppContext) {
  for (const companyId of await repo.connectedCompanyIds(ctx.db)) {
    await enqueueSync(ctx, companyId, "incremental");
  }
  // Intuit retries a notification for hours at most; a week of memory is plenty for de-duplication.
  await repo.pruneWebhookEvents(ctx.db, 7);
}

/**
 * After a restart on the embedded database, which no other process can use: a lease is held only
 * by a sync of a process that died, so an interrupted import resumes now, not when the lease
 * expires (10 minutes after its last page).
 */
export const releaseAbandonedLeases = (ctx: AppContext) => repo.releaseAllLeases(ctx.db);

/**
 * What a sync will do: an interrupted full import resumes; an incremental one needs a cursor
 * younger than CDC's 30 days; anything else is a full import.
 */
export function plannedSync(conn: repo.Connection, requested: SyncMode, now = new Date()) {
  const resumable = Boolean(
    conn.syncProgress && !conn.syncProgress.finishedAt && conn.syncProgress.mode === "full",
  );
  const cursorUsable = conn.cdcCursor !== null && now.getTime() - conn.cdcCursor.getTime() < CDC_MAX_AGE_MS;
  const mode: SyncMode = requested === "incremental" && cursorUsable && !resumable ? "incremental" : "full";
  return { mode, resumable };
}

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
  const owner = newLeaseOwner();
  if (!(await repo.acquireLease(ctx.db, companyId, owner, LEASE_SECONDS))) {
    return { skipped: true as const, reason: "busy" as const };
  }
  try {
    const conn = (await repo.findConnection(ctx.db, companyId))!;
    const startedAt = new Date();
    const { mode, resumable } = plannedSync(conn, requested, startedAt);
    const progress: SyncProgress = resumable
      ? { ...conn.syncProgress!, error: undefined }
      : { mode, phase: ENTITIES[0]!, counts: {}, startedAt: startedAt.toISOString() };
    const run: Run = {
      ctx,
      companyId,
      realmId: conn.realmId,
      owner,
      progress,
      save: async () => {
        if (!(await repo.renewLease(ctx.db, companyId, owner, LEASE_SECONDS))) throw new SyncSuperseded();
        await repo.updateConnection(ctx.db, companyId, { syncProgress: { ...progress } });
      },
    };
    await run.save();
    if (mode === "full") await fullImport(run);
    else await incremental(run, conn.cdcCursor!);
    const cursorFrom = new Date(resumable ? progress.startedAt : startedAt.toISOString());
    // Maintenance before the sync counts as finished, so the lists are fast once it says so.
    const written = ENTITIES.reduce((n, entity) => n + (progress.counts[entity] ?? 0), 0);
    if (mode === "full" || written >= VACUUM_AFTER_RECORDS) await repo.vacuumSynced(ctx.db);
    progress.phase = "done";
    progress.finishedAt = new Date().toISOString();
    await run.save();
    await repo.updateConnection(ctx.db, companyId, {
      cdcCursor: new Date(cursorFrom.getTime() - CURSOR_OVERLAP_MS),
      lastSyncAt: new Date(),
    });
    log?.info({ companyId, mode, counts: progress.counts }, "quickbooks sync finished");
    return { skipped: false as const, mode, counts: progress.counts };
  } catch (err) {
    if (err instanceof QboNotConnected) return { skipped: true as const, reason: "not connected" as const };
    if (err instanceof SyncSuperseded) return { skipped: true as const, reason: "superseded" as const };
    log?.warn({ companyId, err }, "quickbooks sync failed; the job will retry");
    const conn = await repo.findConnection(ctx.db, companyId);
    if (conn?.syncProgress && conn.syncLeaseOwner === owner) {
      const error = err instanceof Error ? err.message.slice(0, 300) : "The sync failed.";
      await repo.updateConnection(ctx.db, companyId, { syncProgress: { ...conn.syncProgress, error } });
    }
    throw err;
  } finally {
    await repo.releaseLease(ctx.db, companyId, owner);
  }
}

async function fullImport(run: Run) {
  const { progress } = run;
  const start = Math.max(0, ENTITIES.indexOf(progress.phase as repo.SyncedEntity));
  for (const entity of ENTITIES.slice(start)) {
    if (progress.phase !== entity) {
      progress.phase = entity;
      await run.save();
    }
    await importPages(run, entity, progress.counts[`${entity}.position`] ?? 1);
    // Paging is by position (Intuit allows no `Id >`), so a record deleted at Intuit during the
    // import shifts the pages and may hide one unchanged record: count, and read again if short.
    const expected = await call(run, (token, realmId) => run.ctx.qbo.api.count(realmId, token, entity));
    if ((await repo.countLive(run.ctx.db, run.companyId, run.realmId, entity)) < expected) {
      await importPages(run, entity, 1);
    }
  }
}

async function importPages(run: Run, entity: repo.SyncedEntity, from: number) {
  const { progress } = run;
  for (let position = from; ; ) {
    const items = await call(run, (token, realmId) =>
      run.ctx.qbo.api.page(realmId, token, entity, { position, size: PAGE }),
    );
    await applyPage(run, entity, items);
    position += items.length;
    progress.counts[entity] = (progress.counts[entity] ?? 0) + items.length;
    progress.counts[`${entity}.position`] = position;
    await run.save();
    if (items.length < PAGE) return;
  }
}

/**
 * One CDC call per entity: Intuit caps each answer at 1000 objects in all, so a busy entity
 * must not crowd the others out. An entity at the cap is read page by page instead.
 */
async function incremental(run: Run, since: Date) {
  run.progress.phase = "changes";
  for (const entity of ENTITIES) {
    const items = await call(run, (token, realmId) => run.ctx.qbo.api.changes(realmId, token, entity, since));
    if (items.length >= PAGE) {
      await applyPage(
        run,
        entity,
        items.filter((e) => e.deleted),
      );
      await changedSincePaged(run, entity, since);
    } else {
      await applyPage(run, entity, items);
      run.progress.counts[entity] = (run.progress.counts[entity] ?? 0) + items.length;
    }
    await run.save();
  }
}

async function changedSincePaged(run: Run, entity: repo.SyncedEntity, since: Date) {
  for (let position = 1; ; position += PAGE) {
    const items = await call(run, (token, realmId) =>
      run.ctx.qbo.api.page(realmId, token, entity, { position, size: PAGE, changedSince: since }),
    );
    await applyPage(run, entity, items);
    run.progress.counts[entity] = (run.progress.counts[entity] ?? 0) + items.length;
    if (items.length < PAGE) return;
  }
}
