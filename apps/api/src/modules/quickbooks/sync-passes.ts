/** The two ways a run reads QuickBooks: a full import page by page, or the changes since a cursor. */

import { applyPage, call, ENTITIES, type Run } from "./sync-run.ts";
import { countLive } from "./synced-counts.repository.ts";
import type { SyncedEntity } from "./synced-records.repository.ts";

const PAGE = 1000;

export async function fullImport(run: Run) {
  const { progress } = run;
  const start = Math.max(0, ENTITIES.indexOf(progress.phase as SyncedEntity));
  for (const entity of ENTITIES.slice(start)) {
    if (progress.phase !== entity) {
      progress.phase = entity;
      await run.save();
    }
    await importPages(run, entity, progress.counts[`${entity}.position`] ?? 1);
    // Paging is by position (Intuit allows no `Id >`), so a record deleted at Intuit during the
    // import shifts the pages and may hide one unchanged record: count, and read again if short.
    const expected = await call(run, (token, realmId) => run.ctx.qbo.api.count(realmId, token, entity));
    if ((await countLive(run.ctx.db, run.companyId, run.realmId, entity)) < expected) {
      await importPages(run, entity, 1);
    }
  }
}

async function importPages(run: Run, entity: SyncedEntity, from: number) {
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
export async function incremental(run: Run, since: Date) {
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

async function changedSincePaged(run: Run, entity: SyncedEntity, since: Date) {
  for (let position = 1; ; position += PAGE) {
    const items = await call(run, (token, realmId) =>
      run.ctx.qbo.api.page(realmId, token, entity, { position, size: PAGE, changedSince: since }),
    );
    await applyPage(run, entity, items);
    run.progress.counts[entity] = (run.progress.counts[entity] ?? 0) + items.length;
    if (items.length < PAGE) return;
  }
}
