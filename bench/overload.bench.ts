/**
 * Overload benchmark: what `npm start` on its embedded database answers when more clients come
 * than it can serve. The app is wired as npm start wires it (apps/api/src/local-sandboxes.ts, the
 * sandboxes in this process, PGlite); a user signs up and connects the sample company. Then, with
 * the load-shedding gate off and then on (its defaults), 200 and 50 connections for 20 s each at
 * the invoice list and the customers list, autocannon in its own process (bench/load.ts).
 *
 * Per run: requests unanswered after 10 s (autocannon's timeout; the target is 0), p50/p99 of the
 * answers (all, and the 200s alone), the share shed (503), throughput.
 * Run: `npm run bench:overload` (BENCH_LOAD_SECONDS, BENCH_CONNECTIONS="200,50", BENCH_GATE="off,on",
 * LOAD_SHED_* and BENCH_LOG_LEVEL change the runs); results in bench/results/overload.json.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { buildApp } from "@recoup/api/app";
import { loadConfig } from "@recoup/api/config";
import { wireLocalSandboxes } from "@recoup/api/local-sandboxes";
import {
  connectQuickBooks,
  createCompany,
  httpCaller,
  logIn,
  Mailbox,
  until,
  waitForSync,
} from "@recoup/api/testing";
import { freePort } from "@recoup/api/testing/net";
import { apiPaths } from "@recoup/contracts";
import { runLoad } from "./util.ts";

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 20);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? "200,50").split(",").map(Number);
const GATES = (process.env.BENCH_GATE ?? "off,on").split(",").map((g) => g === "on");
const here = import.meta.dirname;
const log = (...args: unknown[]) => console.error(`[${new Date().toISOString().slice(11, 19)}]`, ...args);
const load = () => loadavg().map((l) => +l.toFixed(2));

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
// The same wiring as npm start: mail, Google, QuickBooks and Stripe sandboxes, on free ports.
const wired = await wireLocalSandboxes({ APP_URL: `http://localhost:${port}` }, { freePorts: true });
const dataDir = mkdtempSync(path.join(tmpdir(), "recoup-overload-"));

/** The app as npm start builds it, with the gate off or as configured (LOAD_SHED_*: the defaults). */
async function startApp(gate: boolean) {
  const { LOAD_SHED_CONCURRENCY, LOAD_SHED_MAX_WAIT_MS } = process.env;
  const config = loadConfig({
    ...wired.env,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "warn",
    DATA_DIR: dataDir,
    RATE_LIMIT_PER_MINUTE: "10000",
    ...(gate ? { LOAD_SHED_CONCURRENCY, LOAD_SHED_MAX_WAIT_MS } : { LOAD_SHED_CONCURRENCY: "0" }),
  });
  const { app } = await buildApp(config);
  await app.listen({ port, host: "127.0.0.1" });
  return { app, loadShedding: config.loadShedding };
}

const call = httpCaller(base);
let { app } = await startApp(true);
const user = await createCompany({ call, mailbox: new Mailbox(wired.mail!.inboxUrl) }, { label: "overload" });
await connectQuickBooks(call, user, wired.quickbooks!.baseUrl);
await waitForSync(call, user);
const q = (p: string) => `${p}?companyId=${user.companyId}&page=1&limit=10`;
const endpoints = [
  { name: "invoice list", path: q(apiPaths.invoices.list) },
  { name: "customers list", path: q(apiPaths.customers.outstanding) },
];

function autocannon(pathAndQuery: string, token: string, connections: number) {
  return runLoad<LoadResult>(`${base}${pathAndQuery}`, token, connections, SECONDS);
}
interface LoadResult {
  requests: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number; max: number };
  timeouts: number;
  errors: number;
  over10s: number;
  statuses: Record<string, { count: number; p50: number; p99: number }>;
}

/**
 * Requests left running when the load stopped (gate off) finish before the next run starts; after
 * a minute or so the next run starts anyway.
 */
async function settle(pathAndQuery: string, token: string) {
  await until(
    async () => {
      const t = performance.now();
      const res = await call("GET", pathAndQuery, { token });
      return res.status === 200 && performance.now() - t < 250;
    },
    60_000,
    { what: "quick answers again", intervalMs: 500 },
  ).catch(() => undefined);
}

const runs: Record<string, unknown>[] = [];
let gateSettings: unknown;
let token = user.token;
for (const gate of GATES) {
  await settle(endpoints[0]!.path, token);
  await app.close();
  const started = await startApp(gate);
  app = started.app;
  if (gate) gateSettings = started.loadShedding;
  token = (await logIn(call, user.email, user.password)).IdToken;
  for (const connections of CONNECTIONS) {
    for (const endpoint of endpoints) {
      await settle(endpoint.path, token);
      const loadBefore = load();
      // How long the app's event loop stalled (PGlite's statements run on it) and how much of a
      // core the app had: on a shared machine, the second explains a slow run.
      const delay = monitorEventLoopDelay({ resolution: 10 });
      delay.enable();
      const cpu = process.cpuUsage();
      const wall = performance.now();
      const r = await autocannon(endpoint.path, token, connections);
      delay.disable();
      const cpuUsed = process.cpuUsage(cpu);
      const appCoreShare = +((cpuUsed.user + cpuUsed.system) / 1000 / (performance.now() - wall)).toFixed(2);
      const ok = r.statuses["200"] ?? { count: 0, p50: 0, p99: 0 };
      const shed = r.statuses["503"]?.count ?? 0;
      const sent = r.requests + r.timeouts;
      const run = {
        gate: gate ? "on" : "off",
        connections,
        endpoint: endpoint.name,
        over10s: r.over10s,
        latencyMs: { p50: r.latencyMs.p50, p99: r.latencyMs.p99, max: r.latencyMs.max },
        okLatencyMs: { p50: ok.p50, p99: ok.p99 },
        answered: r.requests,
        ok: ok.count,
        shed,
        shedShare: sent ? +(shed / sent).toFixed(3) : 0,
        okPerSecond: +(ok.count / SECONDS).toFixed(1),
        requestsPerSecond: r.requestsPerSecond,
        otherStatuses: Object.fromEntries(
          Object.entries(r.statuses).filter(([s]) => s !== "200" && s !== "503"),
        ),
        errors: r.errors,
        eventLoopDelayMs: {
          p99: +(delay.percentile(99) / 1e6).toFixed(1),
          max: +(delay.max / 1e6).toFixed(1),
        },
        appCoreShare,
        loadBefore,
      };
      runs.push(run);
      log(
        `gate ${run.gate}, ${connections} connections, ${endpoint.name}: over 10 s ${run.over10s}, ` +
          `p50 ${run.latencyMs.p50} ms, p99 ${run.latencyMs.p99} ms (200s: ${ok.p50}/${ok.p99}), ` +
          `shed ${(run.shedShare * 100).toFixed(1)}%, ${run.okPerSecond} answers/s (+${(shed / SECONDS).toFixed(1)} 503/s); ` +
          `event loop delay max ${run.eventLoopDelayMs.max} ms, app had ${appCoreShare} of a core, load ${loadBefore}`,
      );
    }
  }
}
await settle(endpoints[0]!.path, token);
await app.close();
await wired.close();
rmSync(dataDir, { recursive: true, force: true });

const resultsDir = path.join(here, "results");
mkdirSync(resultsDir, { recursive: true });
writeFileSync(
  path.join(resultsDir, "overload.json"),
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      command: "npm run bench:overload",
      machine: { cpus: cpus().length, cpu: cpus()[0]?.model, node: process.version },
      seconds: SECONDS,
      gate: gateSettings,
      runs,
    },
    null,
    2,
  )}\n`,
);
console.table(
  runs.map((r) => ({
    gate: r.gate,
    conns: r.connections,
    endpoint: r.endpoint,
    ">10s": r.over10s,
    p50: (r.latencyMs as { p50: number }).p50,
    p99: (r.latencyMs as { p99: number }).p99,
    shed: r.shedShare,
    "200/s": r.okPerSecond,
  })),
);
process.exit(0);
