/**
 * The collections queries at scale, with their plans: the large company (10,000 customers,
 * 100,000 invoices) synced into one company, copied into nine more (1,000,000 invoices in all),
 * then each list call timed (single client, p50/p95 over `RUNS` calls through the real routes)
 * and each SQL statement it runs shown with EXPLAIN ANALYZE.
 *
 *   npx tsx bench/collections-explain.ts                     # PGlite (data kept in PERF_DIR)
 *   PERF_DATABASE_URL=postgres://… npx tsx bench/collections-explain.ts
 *
 * The synced data is kept between runs (PERF_DIR, or the PostgreSQL database), so only the
 * first run pays for the sync and the copies.
 */
import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { buildApp } from "@recoup/api/app";
import { loadConfig } from "@recoup/api/config";
import { connectQuickBooks, injectCaller, type KitUser } from "@recoup/api/testing";
import { startQuickBooksSandbox } from "@recoup/sandbox-quickbooks";
import pg from "pg";

const DATA_NOW = "2026-03-16T19:30:00Z";
const REALM = "9341452999999999";
const RUNS = Number(process.env.RUNS ?? 40);
const COPIES = Number(process.env.COPIES ?? 9);
const dataDir = process.env.PERF_DIR ?? path.join(tmpdir(), "recoup-collections-perf");
mkdirSync(dataDir, { recursive: true });

// Every statement the app sends, so the slow ones can be explained with their parameters.
const seen: { text: string; values: unknown[] }[] = [];
let capture = false;
for (const proto of [PGlite.prototype, pg.Pool.prototype] as { query: (...a: unknown[]) => unknown }[]) {
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const [first, second] = args;
    if (capture) {
      const text = typeof first === "string" ? first : (first as { text: string }).text;
      const values =
        (typeof first === "string" ? undefined : (first as { values?: unknown[] }).values) ?? second ?? [];
      seen.push({ text, values: values as unknown[] });
    }
    return original.apply(this, args);
  };
}

const qb = await startQuickBooksSandbox({
  port: 0,
  clients: [
    {
      client_id: "perf",
      client_secret: "perf-secret",
      redirect_uris: ["http://localhost:3999/callback/quickbooks"],
    },
  ],
  extraCompanies: [{ realmId: REALM, name: "Large Co", data: "large" }],
  throttle: false,
  dataNow: DATA_NOW,
});
const config = loadConfig({
  LOG_LEVEL: "warn",
  DATA_DIR: dataDir,
  APP_URL: "http://localhost:3999",
  SMTP_URL: "smtp://127.0.0.1:9",
  JWT_SECRET: "perf-secret-perf-secret-perf-secret-0123456",
  RUN_WORKER: "false",
  INTUIT_CLIENT_ID: "perf",
  INTUIT_CLIENT_SECRET: "perf-secret",
  INTUIT_DISCOVERY_URL: qb.discoveryUrl,
  QUICKBOOKS_API_URL: qb.accountingBaseUrl,
  ...(process.env.PERF_DATABASE_URL ? { DATABASE_URL: process.env.PERF_DATABASE_URL } : {}),
});
const { app, ctx } = await buildApp(config);
ctx.now = () => new Date(DATA_NOW);
const { users, companies, invoices, sessions } = await import("@recoup/api/db/schema");
const { runSync } = await import("@recoup/api/modules/quickbooks");
const { eq, sql } = await import("drizzle-orm");
/** A signed-in session of the user, as login would make it. */
const signIn = async (u: { id: string; email: string; name: string }) => {
  const [session] = await ctx.db
    .insert(sessions)
    .values({ userId: u.id, expiresAt: new Date(Date.now() + 3600_000) })
    .returning();
  return (await ctx.tokens.mint({ userId: u.id, sessionId: session!.id, email: u.email, name: u.name }))
    .IdToken;
};
const exec = (text: string, values: unknown[] = []) => ctx.database.executor.executeSql(text, values);

let [user] = await ctx.db.select().from(users).where(eq(users.email, "perf@example.com"));
if (!user) {
  const started = performance.now();
  const [company] = await ctx.db
    .insert(companies)
    .values({
      name: "Perf Co",
      type: "LLC",
      size: "2-10",
      avgInvoices: 1000,
      timezone: "America/Los_Angeles",
    })
    .returning();
  [user] = await ctx.db
    .insert(users)
    .values({ email: "perf@example.com", name: "Perf", companyId: company!.id })
    .returning();
  // Connect through the consent page, as a person would (the kit's steps).
  const kitUser = { email: user!.email, token: await signIn(user!) } as KitUser;
  await connectQuickBooks(injectCaller(app), kitUser, qb.baseUrl, REALM);
  const sync = await runSync(ctx, company!.id, "full");
  if (sync.skipped) throw new Error("sync skipped");
  console.error(`synced in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  // Other tenants around it: copies of the same data under other companies.
  const copyStarted = performance.now();
  for (let i = 0; i < COPIES; i++) {
    const [copy] = await ctx.db
      .insert(companies)
      .values({ name: `Copy ${i}`, type: "LLC", size: "2-10", avgInvoices: 1000 })
      .returning();
    for (const table of ["customers", "invoices", "payments", "payment_applications"]) {
      const columns = (
        (
          await exec(
            "select column_name from information_schema.columns where table_name = $1 and column_name <> 'company_id' order by ordinal_position",
            [table],
          )
        ).rows as { column_name: string }[]
      ).map((c) => `"${c.column_name}"`);
      await exec(
        `insert into ${table} (company_id, ${columns.join(", ")}) select $1, ${columns.join(", ")} from ${table} where company_id = $2`,
        [copy!.id, company!.id],
      );
    }
  }
  console.error(`copied ${COPIES} times in ${((performance.now() - copyStarted) / 1000).toFixed(1)} s`);
  // PGlite has no autovacuum: NO_VACUUM=1 measures the data as a sync leaves it.
  if (process.env.NO_VACUUM !== "1") await exec("vacuum analyze");
}
const companyId = user!.companyId!;
const [{ n }] = (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(invoices)) as [{ n: number }];
const token = await signIn(user!);

const q = (p: Record<string, string | number>) =>
  new URLSearchParams({
    companyId,
    ...Object.fromEntries(Object.entries(p).map(([k, v]) => [k, String(v)])),
  });
/** The word searched for (SEARCH): "smith" matches nothing in the large company, "harbor" thousands. */
const term = process.env.SEARCH ?? "smith";
const calls: [string, string][] = [
  ["invoices page 1", `/v1/business/invoice/list?${q({})}`],
  ["invoices deep page (500)", `/v1/business/invoice/list?${q({ page: 500 })}`],
  ["invoices last page", `/v1/business/invoice/list?${q({ page: 10_000 })}`],
  ["invoices search", `/v1/business/invoice/list?${q({ searchQuery: term })}`],
  ["invoices search number", `/v1/business/invoice/list?${q({ searchQuery: "1234" })}`],
  [
    "invoices by customer name",
    `/v1/business/invoice/list?${q({ sortField: "customerName", sortOrder: "asc" })}`,
  ],
  [
    "invoices overdue by days",
    `/v1/business/invoice/list?${q({ status: "overdue", sortField: "daysOverdue" })}`,
  ],
  ["invoices by status", `/v1/business/invoice/list?${q({ sortField: "status" })}`],
  ["customers page 1", `/v1/business/customer/customer-outstanding-invoices?${q({})}`],
  ["customers search", `/v1/business/customer/customer-outstanding-invoices?${q({ search: term })}`],
  [
    "customers by name",
    `/v1/business/customer/customer-outstanding-invoices?${q({ sortBy: "name", sortOrder: "asc" })}`,
  ],
  ["aging page 1", `/v1/business/invoice/ageReport?${q({})}`],
  ["aging search", `/v1/business/invoice/ageReport?${q({ searchQuery: term })}`],
  ["dashboard", `/v1/business/dashboard/summary?${q({})}`],
];

const only = process.env.ONLY;
const measured = calls.filter(([name]) => !only || name.includes(only));
// Warm up every call once (the WASM engine and the plans) before timing any.
for (const [, url] of measured)
  await app.inject({ method: "GET", url, headers: { authorization: `Bearer ${token}` } });
const results: Record<string, { p50: number; p95: number }> = {};
for (const [name, url] of measured) {
  const times: number[] = [];
  for (let i = 0; i < RUNS + 3; i++) {
    const t0 = performance.now();
    const res = await app.inject({ method: "GET", url, headers: { authorization: `Bearer ${token}` } });
    const ms = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
    if (i >= 3) times.push(ms);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => +times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)]!.toFixed(1);
  results[name] = { p50: at(0.5), p95: at(0.95) };
}

// The plans of each call's statements (after the session lookup).
const explain = process.env.EXPLAIN !== "0";
if (explain) {
  for (const [name, url] of measured) {
    seen.length = 0;
    capture = true;
    await app.inject({ method: "GET", url, headers: { authorization: `Bearer ${token}` } });
    capture = false;
    for (const s of seen.slice(2)) {
      const times: number[] = [];
      for (let i = 0; i < 7; i++) {
        const t0 = performance.now();
        await exec(s.text, s.values);
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      const plan = (await exec(`explain (analyze, buffers) ${s.text}`, s.values)).rows as Record<
        string,
        string
      >[];
      const lines = plan.map((r) => Object.values(r)[0]);
      console.log(
        `\n### ${name}: ${times[3]!.toFixed(1)} ms (median of 7, without EXPLAIN)\n${s.text.replace(/\s+/g, " ").slice(0, 300)}\n${lines.join("\n")}`,
      );
    }
  }
}

const t0 = performance.now();
const csv = await app.inject({
  method: "GET",
  url: `/v1/business/invoice/ageReport/csv?${q({})}`,
  headers: { authorization: `Bearer ${token}` },
});
const csvMs = performance.now() - t0;
console.log(
  JSON.stringify(
    {
      database: ctx.database.kind,
      invoicesInDatabase: n,
      runs: RUNS,
      ms: results,
      csv: { ms: Math.round(csvMs), lines: csv.body.split("\r\n").length - 1 },
    },
    null,
    2,
  ),
);
await app.close();
await qb.close();
process.exit(0);
