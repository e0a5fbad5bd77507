/**
 * The two ways a run reads QuickBooks: a full import page by page, or the changes since a cursor.
 * Pages are fetched ahead while earlier ones are written (decision 0025): as many as Intuit lets a
 * realm have in flight, the call budget (`call-budget.ts`) keeping every process within its limits.
 * Writes stay one page at a time, in order, so progress is exact and a resumed run starts where
 * the last written page ended.
 */

import { applyPage, call, ENTITIES, type Run } from "./sync-run.ts";
import { countLive } from "./synced-counts.repository.ts";
import type { SyncedEntity } from "./synced-records.repository.ts";

const PAGE = 1000;
/**
 * Pages asked for ahead of the one being written. The call budget keeps 10 in flight; the rest of
 * the window lets a slow page (Intuit's tail runs to tens of seconds) hold up the writes without
 * holding up the reads behind it. About 60 parsed pages at most in memory (the large import's peak RSS 545 MiB against 490 with 11).
 */
const AHEAD = 60;

/**
 * Runs `fetch` for up to `ahead` tasks at once, in order, and `write` for each result one at a
 * time in the tasks' order. A failed fetch fails the run when its turn to be written comes.
 */
export async function inOrder<T, R>(
  tasks: readonly T[],
  ahead: number,
  fetch: (task: T) => Promise<R>,
  write: (task: T, result: R, index: number) => Promise<void>,
): Promise<void> {
  const started = new Map<number, Promise<R>>();
  const begin = (i: number) => {
    if (i >= tasks.length) return;
    const p = fetch(tasks[i]!);
    p.catch(() => {}); // awaited in turn; a run that fails before then does not leave it unhandled
    started.set(i, p);
  };
  for (let i = 0; i < ahead; i++) begin(i);
  for (let i = 0; i < tasks.length; i++) {
    const result = await started.get(i)!;
    started.delete(i);
    begin(i + ahead);
    await write(tasks[i]!, result, i);
  }
}

const countOf = (run: Run, entity: SyncedEntity) =>
  call(run, (token, realmId) => run.ctx.qbo.api.count(realmId, token, entity));
const pageOf = (run: Run, entity: SyncedEntity, position: number) =>
  call(run, (token, realmId) => run.ctx.qbo.api.page(realmId, token, entity, { position, size: PAGE }));

export async function fullImport(run: Run) {
  const { progress } = run;
  const entities = ENTITIES.slice(Math.max(0, ENTITIES.indexOf(progress.phase as SyncedEntity)));
  // How many of each (asked together), so every entity's pages can be asked for ahead.
  const counts = await Promise.all(entities.map((entity) => countOf(run, entity)));
  const pages = entities.flatMap((entity, i) => {
    const from = i === 0 ? (progress.counts[`${entity}.position`] ?? 1) : 1;
    const n = Math.max(1, Math.ceil((counts[i]! - from + 1) / PAGE));
    return Array.from({ length: n }, (_, k) => ({ entity, position: from + k * PAGE, last: k === n - 1 }));
  });
  await inOrder(
    pages,
    AHEAD,
    (p) => pageOf(run, p.entity, p.position),
    async (p, items) => {
      if (progress.phase !== p.entity) progress.phase = p.entity;
      // Asked now, after every page of the entity was read, while the last one is written.
      const recount = p.last ? countOf(run, p.entity) : undefined;
      recount?.catch(() => {});
      await written(run, p.entity, p.position, items);
      if (!p.last) return;
      // More than counted (records added meanwhile): the rest, page by page.
      if (items.length === PAGE) await importPages(run, p.entity, p.position + PAGE);
      // Paging is by position (Intuit allows no `Id >`), so a record deleted at Intuit during the
      // import shifts the pages and may hide one unchanged record: count, and read again if short.
      if ((await countLive(run.ctx.db, run.companyId, run.realmId, p.entity)) < (await recount!)) {
        await importPages(run, p.entity, 1);
      }
      // The entity is done: a run that stops now resumes at the next one.
      const next = entities[entities.indexOf(p.entity) + 1];
      if (next) {
        progress.phase = next;
        await run.save();
      }
    },
  );
}

/** Writes one page of a full import and records how far the import got. */
async function written(
  run: Run,
  entity: SyncedEntity,
  position: number,
  items: Awaited<ReturnType<typeof pageOf>>,
) {
  const { progress } = run;
  // The page and how far the import got, committed together.
  await applyPage(run, entity, items, async (tx) => {
    progress.counts[entity] = (progress.counts[entity] ?? 0) + items.length;
    progress.counts[`${entity}.position`] = position + items.length;
    await run.save(tx);
  });
}

async function importPages(run: Run, entity: SyncedEntity, from: number) {
  for (let position = from; ; position += PAGE) {
    const items = await pageOf(run, entity, position);
    await written(run, entity, position, items);
    if (items.length < PAGE) return;
  }
}

/**
 * One CDC call per entity, the four asked together and written in order: Intuit caps each answer
 * at 1000 objects in all, so a busy entity must not crowd the others out. An entity at the cap is
 * read page by page instead.
 */
export async function incremental(run: Run, since: Date) {
  run.progress.phase = "changes";
  await inOrder(
    ENTITIES,
    ENTITIES.length,
    (entity) => call(run, (token, realmId) => run.ctx.qbo.api.changes(realmId, token, entity, since)),
    async (entity, items) => {
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
    },
  );
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
