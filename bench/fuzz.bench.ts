/**
 * The long fuzz run: 10,000 requests made from /openapi.json (the generator of the suite's bounded
 * run, apps/api/test/fuzz) against the app wired as `npm start` wires it (every local sandbox:
 * mail, Google, QuickBooks, Stripe), over HTTP, with the token of a user whose company is connected
 * to the sample QuickBooks company and synced. Run: `npm run bench:fuzz` (PGlite) or
 * `BENCH_DB=postgres npm run bench:fuzz`. FUZZ_REQUESTS, FUZZ_SEED and FUZZ_CONCURRENCY change the
 * run. Prints the figures and writes them to bench/results/fuzz.json; exits 1 on any 5xx or hung
 * request.
 */
import { execSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { buildApp } from "@recoup/api/app";
import { loadConfig } from "@recoup/api/config";
import { wireLocalSandboxes } from "@recoup/api/local-sandboxes";
import { connectQuickBooks, createCompany, httpCaller, Mailbox, waitForSync } from "@recoup/api/testing";
import { FUZZ_SEED, fuzzRequests, fuzzSetup, httpSend, runFuzz } from "@recoup/api/testing/fuzz";
import { freePort } from "@recoup/api/testing/net";
import { benchDatabase } from "./bench-database.ts";

const COUNT = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? FUZZ_SEED);
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 4);
const TIMEOUT_MS = 10_000;
const postgres = process.env.BENCH_DB === "postgres";
const log = (...args: unknown[]) => console.error(`[${new Date().toISOString().slice(11, 19)}]`, ...args);

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const APP = `http://localhost:${port}`;
// The same wiring as npm start: no credentials, so every outside service is its local sandbox.
const wired = await wireLocalSandboxes({ APP_URL: APP }, { freePorts: true });
const dataDir = mkdtempSync(path.join(tmpdir(), "recoup-fuzz-"));
const database = await benchDatabase("recoup_fuzz");
const config = loadConfig({
  ...wired.env,
  LOG_LEVEL: process.env.LOG_LEVEL ?? "error",
  DATA_DIR: dataDir,
  JWT_SECRET: "bench-secret-bench-secret-bench-secret-0123",
  // npm start's 30 a minute would answer most sign-in and signup requests 429.
  RATE_LIMIT_PER_MINUTE: "100000",
  ...(database.url ? { DATABASE_URL: database.url } : {}),
});
const { app, ctx } = await buildApp(config);
await app.listen({ port, host: "127.0.0.1" });
log(`API on ${ctx.database.kind} at ${base}`);

const call = httpCaller(base);
const user = await createCompany({ call, mailbox: new Mailbox(wired.mail!.inboxUrl) }, { label: "fuzz" });
await connectQuickBooks(call, user, wired.quickbooks!.baseUrl);
await waitForSync(call, user);
const { operations, known, session } = await fuzzSetup(call, { ...user, companyId: user.companyId! });
const requests = fuzzRequests(operations, known, { seed: SEED, count: COUNT });
log(`${operations.length} operations; sending ${COUNT} requests, ${CONCURRENCY} at a time (seed ${SEED})`);

const report = await runFuzz(requests, {
  send: httpSend(base),
  session,
  timeoutMs: TIMEOUT_MS,
  concurrency: CONCURRENCY,
  onProgress: (done) => {
    if (done % 1000 === 0) log(`${done} requests`);
  },
});
const statuses = Object.fromEntries(Object.entries(report.statuses).sort(([a], [b]) => a.localeCompare(b)));
const serverErrors = report.serverErrors.length;
const figures = {
  date: new Date().toISOString().slice(0, 10),
  commit: execSync("git rev-parse --short HEAD").toString().trim(),
  machine: `${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)} at the end`,
  database: ctx.database.kind,
  seed: SEED,
  operations: operations.length,
  requests: report.requests,
  concurrency: CONCURRENCY,
  timeoutMs: TIMEOUT_MS,
  statuses,
  serverErrors,
  hung: report.hung.length,
  unsendable: report.unsendable,
  seconds: report.seconds,
  requestsPerSecond: +(report.requests / report.seconds).toFixed(1),
  slowest: report.slowest,
  findings: [...report.serverErrors, ...report.hung].slice(0, 50),
};
console.log(JSON.stringify(figures, null, 2));
const resultsDir = path.join(import.meta.dirname, "results");
mkdirSync(resultsDir, { recursive: true });
writeFileSync(
  path.join(resultsDir, `fuzz${postgres ? "-postgres" : ""}.json`),
  `${JSON.stringify(figures, null, 2)}\n`,
);

await app.close();
await wired.close();
await database.stop();
rmSync(dataDir, { recursive: true, force: true });
process.exit(serverErrors > 0 || report.hung.length > 0 ? 1 : 0);
