/**
 * Collections benchmark: the invoice list, customers, aging report (and its CSV) and dashboard of
 * the large company (10,000 customers, 100,000 invoices, 60,000 payments) after the real sync.
 * Run: `npm run bench:collections` (PGlite) or `BENCH_DB=postgres npm run bench:collections`
 * (a throwaway PostgreSQL 15 that also holds 33 other companies, 1,000,000 invoices in all).
 *
 * Per endpoint: a single client over HTTP (N requests after a warm-up), the same SQL statements
 * run directly on the same connection (captured from one request, concurrent ones kept
 * concurrent), 50 connections with autocannon in another process, and EXPLAIN (ANALYZE, BUFFERS)
 * of each statement into bench/results/plans-<db>.txt. Then the CSV's memory, and the invoice
 * list once a second while a full import runs.
 *
 * Here the setup, the CSV and the import; one endpoint's measuring in bench/collections-cases.ts
 * (its SQL captured and replayed by bench/sql-capture.ts), memory in bench/collections-memory.ts.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { buildApp } from "@recoup/api/app";
import { loadConfig } from "@recoup/api/config";
import { wireLocalSandboxes } from "@recoup/api/local-sandboxes";
import { runSync } from "@recoup/api/modules/quickbooks";
import {
  connectQuickBooks,
  createCompany,
  httpCaller,
  Mailbox,
  sleep,
  waitForSync,
} from "@recoup/api/testing";
import { freePort } from "@recoup/api/testing/net";
import { apiPaths } from "@recoup/contracts";
import { measureCase, stats } from "./collections-cases.ts";
import { generateCompanies } from "./collections-data.ts";
import { memoryProbe } from "./collections-memory.ts";
import type { Query } from "./sql-capture.ts";
import { loadAverage, log, runLoad } from "./util.ts";

const N = Number(process.env.BENCH_N ?? 200);
const WARMUP = 20;
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const CONNECTIONS = 50;
const postgres = process.env.BENCH_DB === "postgres";
const here = import.meta.dirname;
const resultsDir = path.join(here, "results");
mkdirSync(resultsDir, { recursive: true });

// --- The sandbox with the large company (its own process), the mail sandbox, the database. ---
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const APP = `http://localhost:${port}`;
const child = spawn(process.execPath, ["--import", "tsx", path.join(here, "large-sandbox.ts"), APP], {
  stdio: ["ignore", "pipe", "inherit"],
});
process.on("exit", () => child.kill("SIGTERM"));
const sandbox = JSON.parse(
  await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once("line", resolve)),
) as { baseUrl: string; realmId: string; env: Record<string, string> };
// The same wiring as npm start: with the QuickBooks variables set, only the mail sandbox starts here.
const wired = await wireLocalSandboxes(
  { APP_URL: APP, GOOGLE_CLIENT_ID: "off", GOOGLE_CLIENT_SECRET: "off", ...sandbox.env },
  { freePorts: true },
);
// BENCH_DATA_DIR keeps the PGlite data for a look afterwards (it must be new or empty).
const keepDataDir = process.env.BENCH_DATA_DIR;
const dataDir = keepDataDir ?? mkdtempSync(path.join(tmpdir(), "recoup-bench-"));
let databaseUrl = process.env.BENCH_DATABASE_URL;
let stopPg: (() => Promise<void>) | undefined;
if (!databaseUrl && postgres) {
  const { startPgServer, createDatabase } = await import("@recoup/api/testing/pg");
  const server = await startPgServer();
  stopPg = server.stop;
  databaseUrl = await createDatabase(server.url, "recoup_bench");
}
const config = loadConfig({
  ...wired.env,
  LOG_LEVEL: "warn",
  DATA_DIR: dataDir,
  JWT_SECRET: "bench-secret-bench-secret-bench-secret-0123",
  RATE_LIMIT_PER_MINUTE: "10000",
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
const { app, ctx } = await buildApp(config);
await app.listen({ port, host: "127.0.0.1" });
const kind = ctx.database.kind;
log(`API on ${kind} at ${base}; load ${loadAverage()}`);

const client = (ctx.db as unknown as { $client: { query: Query; mod?: { HEAPU8?: Uint8Array } } }).$client;
const sqlRows = async (text: string, params: unknown[] = []) => (await client.query(text, params)).rows;
const { memory, rssSampler } = memoryProbe(client);

// --- Data: other companies (PostgreSQL), then the large company through the real sync. ---
let generated: { invoices: number; seconds: number } | undefined;
if (kind === "postgres") {
  log("generating the other companies (900,000 invoices) with SQL…");
  generated = await generateCompanies(databaseUrl!);
  log(`generated ${generated.invoices} invoices in ${generated.seconds} s`);
}
const call = httpCaller(base);
const mailbox = new Mailbox(wired.mail!.inboxUrl);
const user = await createCompany({ call, mailbox }, { companyName: "Large Co", label: "bench" });
const companyId = user.companyId!;
const idleMemory = memory();
const importRss = rssSampler(50);
const tImport = performance.now();
// Connect through the consent page; the worker runs the full import as under npm start.
await connectQuickBooks(call, user, sandbox.baseUrl, sandbox.realmId);
await waitForSync(call, user, 30 * 60_000);
const firstImport = {
  seconds: +((performance.now() - tImport) / 1000).toFixed(1),
  rss: importRss.stop(),
  memoryAfter: memory(),
};
log(
  `first import in ${firstImport.seconds} s; RSS ${JSON.stringify(firstImport.rss)}; load ${loadAverage()}`,
);

if (kind === "postgres") {
  // Autovacuum would do this within a minute or two of the import; done now, the plans are the
  // ones a running server settles on. On PGlite (no autovacuum) the sync itself does it.
  await sqlRows("vacuum analyze");
}
const [counts] = await sqlRows(
  `select
  (select count(*)::int from invoices) as invoices, (select count(*)::int from customers) as customers,
  (select count(*)::int from payments) as payments, (select count(*)::int from companies) as companies,
  (select count(*)::int from invoices where company_id = $1) as company_invoices,
  (select count(*)::int from invoices where company_id = $1 and balance_cents > 0 and not voided) as company_open,
  pg_size_pretty(pg_total_relation_size('invoices')) as invoices_size`,
  [companyId],
);
log("data", counts);
if (process.env.BENCH_IMPORT_ONLY === "1") {
  await app.close();
  await wired.close();
  child.kill("SIGTERM");
  process.exit(0);
}

// --- The cases. ---
const q = (p: string, params: Record<string, string | number>) =>
  `${p}?${new URLSearchParams(Object.entries({ companyId, ...params }).map(([k, v]): [string, string] => [k, String(v)]))}`;
const invoicePages = Math.ceil(Number(counts!.company_invoices) / 10);
const cases = [
  { name: "invoices: page 1", path: q(apiPaths.invoices.list, { page: 1, limit: 10 }) },
  { name: "invoices: page 100", path: q(apiPaths.invoices.list, { page: 100, limit: 10 }) },
  { name: "invoices: page 5000", path: q(apiPaths.invoices.list, { page: 5000, limit: 10 }) },
  { name: `invoices: last page (${invoicePages})`, path: q(apiPaths.invoices.list, { page: invoicePages }) },
  {
    name: "invoices: search 'harbor'",
    path: q(apiPaths.invoices.list, { searchQuery: "harbor", limit: 10 }),
  },
  { name: "customers: page 1", path: q(apiPaths.customers.outstanding, { page: 1, limit: 10 }) },
  { name: "aging report: page 1", path: q(apiPaths.invoices.ageReport, { page: 1, size: 10 }) },
  { name: "dashboard", path: q(apiPaths.dashboard.summary, {}) },
];
const only = process.env.BENCH_ONLY;
/** What every sync page and profile change does: the cached figures are computed again. */
const bumpVersion = () =>
  sqlRows("update companies set data_version = data_version + 1 where id = $1", [companyId]);

async function login() {
  const res = await call("POST", apiPaths.auth.login, {
    body: { email: user.email, password: user.password },
  });
  if (res.status !== 200) throw new Error(`login: ${res.status} ${res.text}`);
  return res.json.data.IdToken as string;
}
async function get(pathAndQuery: string, token: string) {
  const t = performance.now();
  const res = await fetch(`${base}${pathAndQuery}`, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.arrayBuffer();
  const ms = performance.now() - t;
  if (!res.ok) throw new Error(`${pathAndQuery}: HTTP ${res.status} ${Buffer.from(body).toString()}`);
  return { ms, bytes: body.byteLength };
}

function autocannon(pathAndQuery: string, token: string) {
  return runLoad<Record<string, unknown>>(`${base}${pathAndQuery}`, token, CONNECTIONS, LOAD_SECONDS);
}
const caseBench = { client, n: N, warmup: WARMUP, connections: CONNECTIONS, get, bumpVersion, autocannon };

const results: Record<string, unknown>[] = [];
let plans = `EXPLAIN (ANALYZE, BUFFERS) of each statement of each endpoint, ${kind}, ${new Date().toISOString()}\n\n`;
for (const c of cases) {
  if (only && !c.name.includes(only)) continue;
  const token = await login();
  const measured = await measureCase(caseBench, c, token);
  results.push(measured.row);
  plans += measured.plans;
}
writeFileSync(path.join(resultsDir, `plans-${kind}.txt`), plans);

// --- The aging CSV (every customer with an open balance): RSS sampled every 20 ms. ---
const csvRuns = [];
for (let i = 0; i < 3; i++) {
  const token = await login();
  (globalThis as { gc?: () => void }).gc?.();
  const sampler = rssSampler(20);
  const t = performance.now();
  const res = await fetch(`${base}${q(apiPaths.invoices.ageReportCsv, {})}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    for (const b of chunk) if (b === 10) lines++;
  }
  csvRuns.push({
    status: res.status,
    seconds: +((performance.now() - t) / 1000).toFixed(2),
    bytes,
    lines,
    rss: sampler.stop(),
  });
}
log("csv", csvRuns);

// --- The invoice list once a second while a full import runs (the same sync the worker runs). ---
const token = await login();
const during: number[] = [];
let importing = true;
const reimportRss = rssSampler(50);
const tReimport = performance.now();
const reimport = runSync(ctx, companyId, "full").finally(() => {
  importing = false;
});
while (importing) {
  const t = performance.now();
  during.push((await get(cases[0]!.path, token)).ms);
  await sleep(Math.max(0, 1000 - (performance.now() - t)));
}
const reimportResult = await reimport;
const duringImport = {
  importSeconds: +((performance.now() - tReimport) / 1000).toFixed(1),
  skipped: reimportResult.skipped,
  requests: during.length,
  ...stats(during),
  rss: reimportRss.stop(),
};
log("invoice list during a full import", duringImport);
const [after] = await sqlRows(`select pg_size_pretty(pg_total_relation_size('invoices')) as invoices_size`);

const result = {
  date: new Date().toISOString().slice(0, 10),
  database: kind,
  machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version },
  settings: { N, warmup: WARMUP, connections: CONNECTIONS, loadSeconds: LOAD_SECONDS },
  data: { ...counts, generated, invoicesSizeAfterReimport: after?.invoices_size },
  memory: { idleBeforeImport: idleMemory, firstImport, end: memory() },
  cases: results,
  csv: csvRuns,
  duringImport,
};
writeFileSync(path.join(resultsDir, `collections-${kind}.json`), `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result, null, 2));
await app.close();
await wired.close();
await stopPg?.();
child.kill("SIGTERM");
if (!keepDataDir) rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
