/**
 * QuickBooks sync benchmark: a full import of the large company (10,000 customers, 100,000
 * invoices, 60,000 payments), then an incremental sync of 100 changes. Run: `npm run bench`.
 * The sandbox runs in a child process; this process is the API (PGlite, or BENCH_DATABASE_URL).
 *
 * `BENCH_INVOICES=<n>` imports a company of n invoices instead (n / 10 customers, 0.6 n payments).
 *
 * `BENCH_LATENCY=<scale>` turns the sandbox's latency model on (decision 0023; 1 = Intuit's times)
 * with Intuit's limits (500 a minute, 10 in flight): the full import is then compared with its
 * floor, the larger of its requests at 500 a minute and the waits the sandbox gave them at 10 in
 * flight (their sum / 10, or the longest), both from the sandbox's own figures.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp } from "@recoup/api/app";
import { loadConfig } from "@recoup/api/config";
import { sleep } from "@recoup/api/testing";
import { benchDatabase } from "./bench-database.ts";
import { startLargeSandbox } from "./large-sandbox-process.ts";

const APP = "http://localhost:3999";
/** `BENCH_INVOICES=1000000`: a company of that many invoices (customers a tenth, payments 60 %). */
const INVOICES = Number(process.env.BENCH_INVOICES ?? 0);
const sandbox = await startLargeSandbox(
  APP,
  INVOICES
    ? { size: { invoices: INVOICES, customers: INVOICES / 10, payments: Math.round(INVOICES * 0.6) } }
    : {},
);
const dataDir = mkdtempSync(path.join(tmpdir(), "recoup-bench-"));

const database = await benchDatabase("recoup_bench");
const databaseUrl = database.url;

const config = loadConfig({
  LOG_LEVEL: "warn",
  DATA_DIR: dataDir,
  APP_URL: APP,
  SMTP_URL: "smtp://127.0.0.1:9",
  JWT_SECRET: "bench-secret-bench-secret-bench-secret-0123",
  RUN_WORKER: "false",
  ...sandbox.env,
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
const { app, ctx } = await buildApp(config);

/** The API process's memory in MiB; on PGlite also the size of its WASM memory (which never shrinks). */
function memory() {
  const m = process.memoryUsage();
  const mib = (n: number) => Math.round(n / 2 ** 20);
  const wasm = (ctx.db as unknown as { $client: { mod?: { HEAPU8?: Uint8Array } } }).$client.mod?.HEAPU8;
  return {
    rssMiB: mib(m.rss),
    heapUsedMiB: mib(m.heapUsed),
    externalMiB: mib(m.external),
    arrayBuffersMiB: mib(m.arrayBuffers),
    ...(wasm ? { wasmMemoryMiB: mib(wasm.byteLength) } : {}),
  };
}
const { users, companies } = await import("@recoup/api/db/schema");
const { beginConnect, completeConnect } = await import("@recoup/api/modules/quickbooks");
const { runSync } = await import("@recoup/api/modules/quickbooks");

const [company] = await ctx.db
  .insert(companies)
  .values({ name: "Bench Co", type: "LLC", size: "2-10", avgInvoices: 1000 })
  .returning();
const [user] = await ctx.db
  .insert(users)
  .values({ email: `bench-${Date.now()}@example.com`, name: "Bench", companyId: company!.id })
  .returning();

// Connect through the consent page, as a person would.
const url = new URL(await beginConnect(ctx, user!.id, company!.id));
const request = /name="request" value="([^"]+)"/.exec(await (await fetch(url)).text())![1]!;
const consent = await fetch(`${sandbox.baseUrl}/connect/oauth2`, {
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams({
    request,
    action: "allow",
    email: "bench@example.com",
    realmId: sandbox.realmId,
  }),
  redirect: "manual",
});
const back = new URL(consent.headers.get("location")!);
await completeConnect(ctx, user!.id, company!.id, {
  code: back.searchParams.get("code")!,
  state: back.searchParams.get("state")!,
  realmId: sandbox.realmId,
});

// Idle: the app built and connected, nothing running, a few seconds to settle.
await sleep(3000);
const idle = memory();
let peak = idle;
const sampler = setInterval(() => {
  const now = memory();
  if (now.rssMiB > peak.rssMiB) peak = now;
}, 50);

const LATENCY = Number(process.env.BENCH_LATENCY ?? 0);
const controlUrl = `${sandbox.baseUrl}/_control/realms/${sandbox.realmId}`;
const controlJson = async (p: string, method = "GET", body?: unknown) => {
  const r = await fetch(`${controlUrl}${p}`, {
    method,
    headers: { "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!r.ok) throw new Error(`${p}: ${r.status} ${await r.text()}`);
  return r.json() as Promise<Record<string, number>>;
};
if (LATENCY) {
  await controlJson("/throttle", "PUT", { perMinute: 500, maxConcurrent: 10, format: "xml" });
  await controlJson("/latency", "PUT", { scale: LATENCY, rate504: 0, rate5xx: 0 });
}

const t0 = performance.now();
const cpu0 = process.cpuUsage();
const full = await runSync(ctx, company!.id, "full");
const fullMs = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
// The pages' write transactions, timed by the app's own metric (recoup_quickbooks_sync_page_write_seconds).
const pageWrites = await ctx.metrics.syncPageWrite.get();
const writeSums = pageWrites.values.filter((v) => v.metricName?.endsWith("_sum"));
const writeMs = 1000 * writeSums.reduce((n, v) => n + v.value, 0);
const writeSecondsByEntity = Object.fromEntries(writeSums.map((v) => [v.labels.entity, +v.value.toFixed(2)]));
const waits = LATENCY ? await controlJson("/latency/stats") : undefined;
const limits = LATENCY ? await controlJson("/throttle/stats") : undefined;
if (LATENCY) await controlJson("/latency", "DELETE");
if (full.skipped) throw new Error("full sync skipped");
const records = ["Customer", "Invoice", "Payment", "CreditMemo"].reduce(
  (s, e) => s + (full.counts[e] ?? 0),
  0,
);

// 100 changes at Intuit: 50 invoices paid, 30 new invoices, 20 customers renamed.
const control = `${sandbox.baseUrl}/_control/realms/${sandbox.realmId}`;
const post = (p: string, body: unknown, method = "POST") =>
  fetch(`${control}${p}`, {
    method,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  }).then(async (r) => {
    if (!r.ok) throw new Error(`${p}: ${r.status} ${await r.text()}`);
    return r.json();
  });
const { invoices: invoiceTable, customers: customerTable } = await import("@recoup/api/db/schema");
const { and, eq, gt } = await import("drizzle-orm");
const open = await ctx.db
  .select({ id: invoiceTable.qbId })
  .from(invoiceTable)
  .where(and(eq(invoiceTable.companyId, company!.id), gt(invoiceTable.balanceCents, 0)))
  .limit(50);
const someCustomers = await ctx.db
  .select({ id: customerTable.qbId })
  .from(customerTable)
  .where(eq(customerTable.companyId, company!.id))
  .limit(50);
for (const { id } of open) await post(`/invoices/${id}/pay`, {});
for (const { id } of someCustomers.slice(0, 30)) await post("/invoices", { customerId: id, amount: 100 });
for (const [i, { id }] of someCustomers.slice(30, 50).entries()) {
  await post(`/customers/${id}`, { displayName: `Renamed Customer ${i}` });
}

const t1 = performance.now();
const incr = await runSync(ctx, company!.id, "incremental");
const incrMs = performance.now() - t1;
clearInterval(sampler);

// The floor of the writes, in the same run: the same records copied by the database alone into a
// second company (one statement of 1,000 rows at a time, as the sync's pages), same tables and indexes.
const { sql: rawSql } = await import("drizzle-orm");
const [floorCompany] = await ctx.db
  .insert(companies)
  .values({ name: "Floor Co", type: "LLC", size: "2-10", avgInvoices: 1000 })
  .returning();
const floorStarted = performance.now();
let floorRecords = 0;
for (const table of ["customers", "invoices", "payments", "payment_applications"]) {
  const columns = (
    (await ctx.db.execute(
      rawSql`select column_name from information_schema.columns where table_name = ${table} and column_name <> 'company_id' order by ordinal_position`,
    )) as unknown as { rows: { column_name: string }[] }
  ).rows.map((r) => `"${r.column_name}"`);
  const key = table === "payment_applications" ? "source_qb_id" : "qb_id";
  const ids = (
    (await ctx.db.execute(
      rawSql`select distinct ${rawSql.raw(key)} as id from ${rawSql.raw(table)} where company_id = ${company!.id} order by 1`,
    )) as unknown as { rows: { id: string }[] }
  ).rows.map((r) => r.id);
  for (let i = 0; i < ids.length; i += 1000) {
    const [from, to] = [ids[i]!, ids[Math.min(i + 999, ids.length - 1)]!];
    const copied =
      await ctx.db.execute(rawSql`insert into ${rawSql.raw(table)} (company_id, ${rawSql.raw(columns.join(", "))})
      select ${floorCompany!.id}, ${rawSql.raw(columns.join(", "))} from ${rawSql.raw(table)}
      where company_id = ${company!.id} and ${rawSql.raw(key)} between ${from} and ${to}`);
    // Records as the sync counts them; a payment's links to invoices are written with it.
    if (table !== "payment_applications")
      floorRecords += (copied as unknown as { rowCount: number }).rowCount ?? 0;
  }
}
const floorMs = performance.now() - floorStarted;

// BENCH_WRITE_PARTS=1: the page write's parts measured apart (bench/qbo-write-parts.ts).
const writeParts = process.env.BENCH_WRITE_PARTS
  ? await (await import("./qbo-write-parts.ts")).measureWriteParts(
      ctx.db,
      company!.id,
      async () => {
        const [c] = await ctx.db
          .insert(companies)
          .values({ name: "Parts Co", type: "LLC", size: "2-10", avgInvoices: 1000 })
          .returning();
        return c!.id;
      },
      [
        { name: "invoices", table: invoiceTable },
        { name: "customers", table: customerTable },
      ],
    )
  : undefined;

const result = {
  date: new Date().toISOString().slice(0, 10),
  database: ctx.database.kind,
  fullImport: {
    records,
    counts: Object.fromEntries(Object.entries(full.counts).filter(([k]) => !k.includes("."))),
    seconds: +(fullMs / 1000).toFixed(1),
    recordsPerSecond: Math.round(records / (fullMs / 1000)),
    /** Time in the pages' write transactions (added up), and the records written per second of it. */
    writes: {
      byEntity: writeSecondsByEntity,
      seconds: +(writeMs / 1000).toFixed(1),
      recordsPerSecond: Math.round(records / (writeMs / 1000)),
    },
    /** The same records written by the database alone (see above): the writes' floor. */
    floor: {
      records: floorRecords,
      seconds: +(floorMs / 1000).toFixed(1),
      recordsPerSecond: Math.round(floorRecords / (floorMs / 1000)),
    },
    /** This process's CPU (the API: the sync's parsing, mapping and queries; PGlite's work too) during the import. */
    apiCpuSeconds: +((cpu.user + cpu.system) / 1e6).toFixed(1),
    peakRssMiB: peak.rssMiB,
    rssBeforeMiB: idle.rssMiB,
  },
  ...(waits && limits
    ? {
        latency: (() => {
          const requests = limits.admitted! + limits.throttled!;
          const rateFloor = (requests * 60) / 500;
          const waitFloor = Math.max(waits.totalMs! / 10, waits.maxMs!) / 1000;
          const floor = Math.max(rateFloor, waitFloor);
          return {
            scale: LATENCY,
            requests,
            throttled: limits.throttled,
            peakInFlight: limits.peakInFlight,
            meanWaitMs: Math.round(waits.totalMs! / waits.requests!),
            longestWaitMs: Math.round(waits.maxMs!),
            floorSeconds: +floor.toFixed(1),
            floorIs: rateFloor >= waitFloor ? "500 a minute" : "waits at 10 in flight",
            timesFloor: +(fullMs / 1000 / floor).toFixed(2),
          };
        })(),
      }
    : {}),
  ...(writeParts ? { writeParts } : {}),
  /** MiB: the API process idle before the import, and at its peak RSS during the import. */
  memory: { idle, peak },
  incremental100: {
    mode: incr.skipped ? "skipped" : incr.mode,
    seconds: +(incrMs / 1000).toFixed(2),
    counts: incr.skipped ? {} : incr.counts,
  },
};
console.log(JSON.stringify(result, null, 2));
await app.close();
await database.stop();
sandbox.stop();
rmSync(dataDir, { recursive: true, force: true });
// Nothing else to wait for: leave even if a library keeps a timer alive.
process.exit(0);
