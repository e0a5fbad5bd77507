/**
 * The end of bench/pglite-crash.ts, with the server stopped: PGlite opened directly on the same
 * DATA_DIR (as the server opens it), then what the writers were acknowledged read back with SQL,
 * each imported company counted against the sandbox, and the database checked with amcheck:
 * every B-tree index against its table (`bt_index_parent_check` with `heapallindexed`), every GIN
 * index (`gin_index_check`, where this PostgreSQL has it) and every table's heap (`verify_heapam`).
 */
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { amcheck } from "@electric-sql/pglite/contrib/amcheck";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PGLITE_START_PARAMS, PrivateNodeFS } from "@recoup/api/testing/internals";
import type { TemplateType } from "@recoup/contracts";
import type { Totals } from "./pglite-crash-import.ts";
import type { Observed, WriteLog } from "./pglite-crash-writes.ts";

export async function openDirect(dataDir: string) {
  const t0 = performance.now();
  const db = await PGlite.create({
    fs: new PrivateNodeFS(path.join(dataDir, "pglite")),
    extensions: { pg_trgm, amcheck },
    startParams: PGLITE_START_PARAMS,
  });
  await db.query("select 1");
  return { db, openSeconds: +((performance.now() - t0) / 1000).toFixed(2) };
}

/** The writers' notes, templates and customer notes, read with SQL. */
export async function observeSql(db: PGlite, log: WriteLog): Promise<Observed> {
  const rows = async <T>(text: string, params: unknown[]) => (await db.query<T>(text, params)).rows;
  const notes = await rows<{ id: string; content: string }>(
    "select id, content from notes where company_id = $1 and type = 'invoice' and invoice_qb_id = any($2)",
    [log.companyId, log.invoiceIds],
  );
  const templates = await rows<{ type: TemplateType; subject: string }>(
    "select type, subject from email_templates where company_id = $1",
    [log.companyId],
  );
  const customers = await rows<{ ref: string; note: string }>(
    "select customer_qb_id as ref, note from customer_profiles where company_id = $1 and customer_qb_id = any($2)",
    [log.companyId, log.customerRefs],
  );
  return {
    notes: new Map(notes.map((n) => [n.id, n.content])),
    templates: new Map(templates.map((t) => [t.type, t.subject])),
    // A customer never edited has no profile row: its note reads as empty, as the API says.
    customers: new Map(
      log.customerRefs.map((ref) => [ref, customers.find((c) => c.ref === ref)?.note ?? ""]),
    ),
  };
}

/** A company's live synced records, as the sandbox counts them. */
export async function companyTotals(db: PGlite, companyId: string): Promise<Totals> {
  const count = async (table: string) =>
    (
      await db.query<{ n: number }>(
        `select count(*)::int as n from ${table} where company_id = $1 and deleted_at is null`,
        [companyId],
      )
    ).rows[0]!.n;
  return {
    customers: await count("customers"),
    invoices: await count("invoices"),
    payments: await count("payments"),
    creditMemos: await count("credit_memos"),
  };
}

/** amcheck over every index and table of the app's schemas; answers the problems found. */
export async function integrity(db: PGlite) {
  const problems: string[] = [];
  await db.exec("create extension if not exists amcheck");
  const relations = await db.query<{ oid: number; name: string; kind: string; am: string | null }>(
    `select c.oid::int as oid, n.nspname || '.' || c.relname as name, c.relkind as kind, a.amname as am
     from pg_class c join pg_namespace n on n.oid = c.relnamespace left join pg_am a on a.oid = c.relam
     where n.nspname in ('public', 'pgboss', 'drizzle') and c.relkind in ('r', 'i', 'm', 't')
       and c.relpersistence = 'p'
     order by 2`,
  );
  const hasGinCheck =
    (await db.query("select 1 from pg_proc where proname = 'gin_index_check'")).rows.length > 0;
  let indexes = 0;
  let tables = 0;
  for (const r of relations.rows) {
    try {
      if (r.kind === "i" && r.am === "btree") {
        await db.query("select bt_index_parent_check($1::regclass, true, true)", [r.oid]);
        indexes++;
      } else if (r.kind === "i" && r.am === "gin" && hasGinCheck) {
        await db.query("select gin_index_check($1::regclass)", [r.oid]);
        indexes++;
      } else if (r.kind === "r" || r.kind === "m" || r.kind === "t") {
        const bad = await db.query<{ blkno: number; msg: string }>(
          "select blkno, msg from verify_heapam($1::regclass, check_toast => true)",
          [r.oid],
        );
        for (const b of bad.rows) problems.push(`${r.name} block ${b.blkno}: ${b.msg}`);
        tables++;
      }
    } catch (error) {
      problems.push(`${r.name}: ${(error as Error).message}`);
    }
  }
  const counts = await db.query<{ name: string; n: number }>(
    `select relname as name, (xpath('/row/n/text()',
       query_to_xml(format('select count(*) as n from %I.%I', schemaname, relname), false, true, '')))[1]::text::int as n
     from pg_stat_user_tables where schemaname = 'public' order by relname`,
  );
  const version = (await db.query<{ v: string }>("select version() as v")).rows[0]!.v;
  return {
    version,
    indexesChecked: indexes,
    tablesChecked: tables,
    rowsPerTable: Object.fromEntries(counts.rows.map((r) => [r.name, r.n])),
    problems,
  };
}
