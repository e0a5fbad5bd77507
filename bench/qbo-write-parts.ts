/**
 * Where a sync page's write goes (issue 21, item 2), measured apart on the database the import
 * just filled: the imported company's invoices and customers, 1,000 rows a page as the sync reads
 * them, written again into fresh companies by each way of writing, each timed alone:
 *
 * - the sync's statement (`jsonRowsInsert` + `ON CONFLICT DO UPDATE … WHERE newer`), new rows;
 * - the same again over those rows (a re-import: every row a conflict and an update);
 * - a plain insert of the same JSON (no conflict clause);
 * - the JSON only parsed and cast, nothing written (what COPY would save at most);
 * - the database copying the rows alone (`insert … select`, the import's floor);
 * - the page's other statements: the lease check, the data version, and the progress save.
 *
 * Run by `BENCH_WRITE_PARTS=1 BENCH_DB=postgres npx tsx bench/qbo-sync.bench.ts` after its import.
 */

import { jsonRows, jsonRowsInsert, setFromExcluded } from "@recoup/api/testing/internals";
import { sql } from "drizzle-orm";

type Db = { execute(query: unknown): Promise<unknown> };
type Table = Parameters<typeof jsonRowsInsert>[0];

const PAGE = 1000;
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

export async function measureWriteParts(
  db: Db,
  source: string,
  newCompany: () => Promise<string>,
  tables: { name: string; table: Table }[],
) {
  const results: Record<string, unknown> = {};
  for (const { name, table } of tables) {
    // The source company's rows as the sync's mapper gives them: camelCase keys, one page at a time.
    const all = rowsOf(
      await db.execute(sql`select * from ${table} where company_id = ${source} order by qb_id`),
    ).map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [camel(k), v])));
    const pages: Record<string, unknown>[][] = [];
    for (let i = 0; i < all.length; i += PAGE) pages.push(all.slice(i, i + PAGE));
    const keys = Object.keys(all[0]!).filter((k) => k !== "companyId" && k !== "qbId");
    const set = setFromExcluded(keys, []);
    const timed = async (
      label: string,
      company: string,
      write: (rows: Record<string, unknown>[]) => unknown,
    ) => {
      const t0 = performance.now();
      for (const page of pages) await db.execute(write(page.map((r) => ({ ...r, companyId: company }))));
      const seconds = (performance.now() - t0) / 1000;
      return { [label]: { seconds: +seconds.toFixed(2), rowsPerSecond: Math.round(all.length / seconds) } };
    };
    const upsert = (rows: Record<string, unknown>[]) =>
      sql`insert into ${table} ${jsonRowsInsert(table, rows)} on conflict (company_id, qb_id) do update set ${set} where excluded.qb_updated_at >= ${sql.raw(`${name}.qb_updated_at`)}`;
    const b = await newCompany();
    const c = await newCompany();
    const d = await newCompany();
    const cols = ["qb_id", ...keys.map(snake)].map((c) => `"${c}"`).join(", ");
    results[name] = {
      rows: all.length,
      ...(await timed("syncStatementNewRows", b, upsert)),
      ...(await timed("syncStatementExistingRows", b, upsert)),
      ...(await timed("plainInsert", c, (rows) => sql`insert into ${table} ${jsonRowsInsert(table, rows)}`)),
      ...(await timed(
        "jsonParsedOnly",
        c,
        (rows) => sql`select count(*) from (${jsonRows(table, rows).select}) j where j is not null`,
      )),
      ...(await (async () => {
        // The floor: the database copying the same rows, one page's key range at a time.
        const t0 = performance.now();
        for (const page of pages) {
          const [from, to] = [page[0]!.qbId as string, page.at(-1)!.qbId as string];
          await db.execute(sql`insert into ${table} (company_id, ${sql.raw(cols)})
            select ${d}, ${sql.raw(cols)} from ${table} where company_id = ${source} and qb_id between ${from} and ${to}`);
        }
        const seconds = (performance.now() - t0) / 1000;
        return {
          databaseCopy: { seconds: +seconds.toFixed(2), rowsPerSecond: Math.round(all.length / seconds) },
        };
      })()),
    };
  }
  // The page's other statements, each run once per page of the largest table.
  const pagesCount = Math.ceil(
    Math.max(...Object.values(results).map((r) => (r as { rows: number }).rows)) / PAGE,
  );
  const each = async (label: string, query: unknown) => {
    const t0 = performance.now();
    for (let i = 0; i < pagesCount; i++) await db.execute(query);
    return { [label]: +(((performance.now() - t0) / pagesCount) * 1000).toFixed(0) };
  };
  results.perPageMicroseconds = {
    ...(await each(
      "leaseCheck",
      sql`select company_id from qbo_connections where company_id = ${source} for share`,
    )),
    ...(await each(
      "dataVersion",
      sql`update companies set data_version = data_version + 1 where id = ${source}`,
    )),
    ...(await each(
      "progressSave",
      sql`update qbo_connections set sync_progress = sync_progress, sync_lease_until = now() + interval '60 seconds' where company_id = ${source}`,
    )),
  };
  return results;
}

const camel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
