import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import { type SQL, sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { PoolFigures } from "../lib/metrics.ts";
import { makePrivateDir } from "../lib/private-dir.ts";
import { createPglite, initPgliteCluster } from "./pglite-open.ts";
import { type PgliteLike, PgliteThread } from "./pglite-thread.ts";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A database handle or an open transaction: repositories take either. */
export type DbOrTx = Parameters<Parameters<Db["transaction"]>[0]>[0] | Db;

/** What pg-boss needs to run its SQL, on either backend. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Runs raw SQL for pg-boss outside any transaction. */
  executor: SqlExecutor;
  /** For pg-boss on PostgreSQL: its own pool from the same URL. */
  connectionString: string | undefined;
  /** The pool's connections now, on PostgreSQL (for /metrics); PGlite has no pool. */
  pool: (() => PoolFigures) | undefined;
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../drizzle");
const MIGRATION_LOCK = 727_274_001;

export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  /** PGlite in a worker thread (PgliteThread) instead of this one. */
  pgliteThread?: boolean;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on("error", (err) => console.error("database connection lost:", err.message));
    const db = drizzleNodePg(pool, { schema, casing: "snake_case" }) as unknown as Db;
    const client = await pool.connect();
    try {
      // Several API processes may start together: one migrates, the others wait.
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
      await migrateNodePg(drizzleNodePg(client, { casing: "snake_case" }), { migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
      client.release();
    }
    return {
      db,
      kind: "postgres",
      connectionString: opts.databaseUrl,
      executor: { executeSql: (text, values) => pool.query(text, values) },
      pool: () => poolFigures(pool),
      ping: async () => {
        await pool.query("select 1");
      },
      close: () => pool.end(),
    };
  }
  const dir = path.join(opts.dataDir, "pglite");
  makePrivateDir(dir);
  await initPgliteCluster(dir);
  // In a thread of its own when asked (decision 0026): the database's work on the second core.
  const client: PgliteLike = opts.pgliteThread ? await PgliteThread.open(dir) : await createPglite(dir);
  const db = drizzlePglite(client as unknown as PGlite, { schema, casing: "snake_case" }) as unknown as Db;
  await migratePglite(drizzlePglite(client as unknown as PGlite, { casing: "snake_case" }), {
    migrationsFolder,
  });
  return {
    db,
    kind: "pglite",
    connectionString: undefined,
    pool: undefined,
    executor: {
      async executeSql(text, values) {
        // PGlite runs several statements only without parameters (pg-boss's schema set-up does that).
        if (!values || values.length === 0) {
          const results = await client.exec(text);
          return { rows: results.at(-1)?.rows ?? [] };
        }
        return client.query(text, values);
      },
    },
    ping: async () => {
      await client.query("select 1");
    },
    close: () => client.close(),
  };
}

/** A node-postgres pool's connections: open, idle, and clients waiting for one. */
export const poolFigures = (pool: pg.Pool): PoolFigures => ({
  total: pool.totalCount,
  idle: pool.idleCount,
  waiting: pool.waitingCount,
});

/** pg-boss passes undefined for "not set" and objects for jsonb: both need spelling out here. */
function asParam(value: unknown) {
  if (value === undefined) return null;
  if (value !== null && typeof value === "object" && !(value instanceof Date) && !Buffer.isBuffer(value)) {
    return JSON.stringify(value);
  }
  return value;
}

/**
 * An executor bound to an open transaction, so a job is enqueued in the same transaction as the
 * state change that calls for it. pg-boss writes `$1`-style SQL; it is rebuilt as a drizzle query.
 */
export function transactionExecutor(tx: DbOrTx): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = [];
      parts.forEach((part, i) => {
        chunks.push(i % 2 === 0 ? sql.raw(part) : sql`${asParam(values[Number(part) - 1])}`);
      });
      const result = (await tx.execute(sql.join(chunks))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}
