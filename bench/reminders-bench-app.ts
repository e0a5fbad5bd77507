/**
 * The reminder benchmark's app (bench/reminders.bench.ts): built without its worker on the bench
 * database (PGlite, or PostgreSQL with BENCH_DB=postgres), mail to the sink's SMTP, and direct SQL
 * on the app's own connection.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type BuiltApp, buildApp } from "@recoup/api/app";
import { loadConfig } from "@recoup/api/config";
import { benchDatabase } from "./bench-database.ts";
import { postgresCpuMs, stat } from "./process-cpu.ts";
import type { Exec } from "./reminders-data.ts";
import { loadAverage, log } from "./util.ts";

type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

export type ReminderBenchApp = Awaited<ReturnType<typeof startReminderBenchApp>>;

export async function startReminderBenchApp(smtpUrl: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "recoup-bench-reminders-"));
  const database = await benchDatabase("recoup_bench_reminders");
  const config = loadConfig({
    LOG_LEVEL: "warn",
    DATA_DIR: dataDir,
    APP_URL: "http://localhost:3000",
    SMTP_URL: smtpUrl,
    JWT_SECRET: "bench-secret-bench-secret-bench-secret-0123",
    RUN_WORKER: "false",
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ...(process.env.PGLITE_THREAD ? { PGLITE_THREAD: process.env.PGLITE_THREAD } : {}),
  });
  const { app, ctx }: BuiltApp = await buildApp(config);
  const kind = ctx.database.kind;
  const client = (ctx.db as unknown as { $client: { query: Query } }).$client;
  const exec: Exec = async (text) => (await client.query(text)).rows;
  const one = async <T>(text: string, params: unknown[] = []) =>
    (await client.query(text, params)).rows[0] as T;
  log(`${kind}; load ${loadAverage()}`);
  const postmaster =
    kind === "postgres"
      ? stat((await one<{ pid: number }>("select pg_backend_pid() as pid")).pid)[1]!
      : undefined;
  return {
    config,
    ctx,
    kind,
    client,
    exec,
    one,
    /** True on PostgreSQL, whose CPU time `databaseCpuMs` reads. */
    measuresDatabase: postmaster !== undefined,
    /** PostgreSQL's CPU time so far (0 on PGlite, which runs in this process). */
    databaseCpuMs: () => (postmaster === undefined ? 0 : postgresCpuMs(postmaster)),
    async close() {
      await app.close();
      await database.stop();
    },
    removeDataDir: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}
