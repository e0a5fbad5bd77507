/**
 * A crash test of the embedded default (issue 16, item 7). Run: `npm run bench:pglite-crash`
 * (`CRASH_ROUNDS=3 CRASH_IMPORT_ROUNDS=1` for a quick look).
 *
 * The server runs as `npm start` runs it after its build (bench/app-server.ts), on PGlite in a new
 * DATA_DIR. The outside services run in another process and outlive it, as Intuit, Stripe and a
 * mail relay would: the mail sandbox, the QuickBooks sandbox (its sample companies and the large
 * one: 10,000 customers, 100,000 invoices, 60,000 payments) and the Stripe sandbox.
 *
 * Once: a user signs up through the API (code from the inbox), onboards and connects the sample
 * company. Then each round: `CRASH_WRITERS` writers call the API without pause (notes on invoices
 * added, edited and deleted, reminder templates saved, customer notes edited; every 2xx answer is
 * recorded, bench/pglite-crash-writes.ts) and the server's whole process group gets SIGKILL at a
 * random moment: `CRASH_ROUNDS` rounds after 0.1 s to `CRASH_MAX_DELAY_MS` of writes, and
 * `CRASH_IMPORT_ROUNDS` rounds (spread among them) in which another user has just connected the
 * large company and the kill comes once a random share (2 to 98 %) of its import is written
 * (bench/pglite-crash-import.ts). The server is started again on the same DATA_DIR and must answer
 * `/health/ready` within `CRASH_READY_BOUND_S`; every acknowledged write must be there (read
 * through the API); after an import round the import must finish on its own within
 * `CRASH_RESUME_BOUND_S`. At the end one more kill during writes, after which PGlite itself is
 * opened on the DATA_DIR (bench/pglite-crash-db.ts; its recovery timed): the writes read back
 * with SQL, each import counted against the sandbox, amcheck over every index and table.
 * Figures: bench/results/pglite-crash.json.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import {
  connectQuickBooks,
  createCompany,
  httpCaller,
  type KitUser,
  logIn,
  Mailbox,
  SAMPLE_REALM,
  sleep,
  waitForSync,
} from "@recoup/api/testing";
import { freePort } from "@recoup/api/testing/net";
import { apiPaths } from "@recoup/contracts";
import { killServer, serverCommand, startServer } from "./app-server.ts";
import { startLargeSandbox } from "./large-sandbox-process.ts";
import { companyTotals, integrity, observeSql, openDirect } from "./pglite-crash-db.ts";
import { importAfterRestart, importToKillPoint, sandboxTotals } from "./pglite-crash-import.ts";
import { WriteLog } from "./pglite-crash-writes.ts";
import { log, quantile } from "./util.ts";

const setting = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const ROUNDS = setting("CRASH_ROUNDS", 20);
const IMPORT_ROUNDS = setting("CRASH_IMPORT_ROUNDS", 3);
const WRITERS = setting("CRASH_WRITERS", 4);
const MAX_DELAY_MS = setting("CRASH_MAX_DELAY_MS", 3000);
const READY_BOUND_S = setting("CRASH_READY_BOUND_S", 120);
const RESUME_BOUND_S = setting("CRASH_RESUME_BOUND_S", 1200);
const settings = { ROUNDS, IMPORT_ROUNDS, WRITERS, MAX_DELAY_MS, READY_BOUND_S, RESUME_BOUND_S };

const port = setting("CRASH_PORT", 0) || (await freePort());
const appUrl = `http://localhost:${port}`;
const sandbox = await startLargeSandbox(appUrl, { all: true });
const serverEnv = { ...sandbox.env, PORT: String(port), APP_URL: appUrl };
const call = httpCaller(`http://127.0.0.1:${port}`);
const mailbox = new Mailbox(sandbox.inboxUrl!);
const dataDir = mkdtempSync(path.join(tmpdir(), "recoup-pglite-crash-"));
const started = Date.now();
const loads: number[] = [];

/**
 * Starts the server on the DATA_DIR; resolves once `/health/ready` answers, within the bound (the
 * first start, which runs initdb, gets three times as long). Answers the seconds it took.
 */
async function start(first = false) {
  const t0 = performance.now();
  const timeoutMs = READY_BOUND_S * 1000 * (first ? 3 : 1);
  const server = await startServer(dataDir, serverEnv, { quietStderr: true, timeoutMs });
  const ready = await call("GET", apiPaths.health.ready);
  if (ready.status !== 200) throw new Error(`/health/ready: HTTP ${ready.status} ${ready.text}`);
  loads.push(loadavg()[0]!);
  return { ...server, readySeconds: +((performance.now() - t0) / 1000).toFixed(2) };
}

/** A fresh token (ID tokens last 15 minutes; a round can be longer). */
async function refresh(user: KitUser) {
  user.tokens = await logIn(call, user.email, user.password);
  user.token = user.tokens.IdToken;
}

// --- Set-up: the writers' user, connected to the sample company. ---
log(`server command: ${serverCommand}; DATA_DIR ${dataDir}; app ${appUrl}`);
let server = await start(true);
const firstStartSeconds = server.readySeconds;
const owner = await createCompany({ call, mailbox }, { label: "crash", companyName: "Crash Co" });
await connectQuickBooks(call, owner, sandbox.baseUrl);
await waitForSync(call, owner, 300_000);
const page = await call("GET", `${apiPaths.invoices.list}?companyId=${owner.companyId}&limit=20`, {
  token: owner.token,
});
const listed = page.json.data.invoices as { id: string; customerRef: string }[];
const writes = new WriteLog(
  owner.companyId!,
  SAMPLE_REALM,
  listed.slice(0, 5).map((r) => r.id),
  [...new Set(listed.map((r) => r.customerRef))].slice(0, WRITERS),
);
const large = {
  baseUrl: sandbox.baseUrl,
  realmId: sandbox.realmId,
  totals: await sandboxTotals(sandbox.baseUrl, sandbox.realmId),
};
log(
  `set up in ${((Date.now() - started) / 1000).toFixed(0)} s; ${ROUNDS} write rounds, ${IMPORT_ROUNDS} import rounds`,
);

// --- Rounds ---
const total = ROUNDS + IMPORT_ROUNDS;
const importAt = new Set(
  Array.from({ length: IMPORT_ROUNDS }, (_, k) => Math.floor(((k + 1) * total) / (IMPORT_ROUNDS + 1)) + 1),
);
const rounds: Record<string, unknown>[] = [];
const imports: KitUser[] = [];
const lost: string[] = [];
const unexpected: string[] = [];
const failuresToOpen: { round: number; error: string }[] = [];
let serverUp = true;
for (let i = 1; i <= total; i++) {
  const kind = importAt.has(i) ? "import" : "writes";
  await refresh(owner);
  const ackedBefore = writes.acknowledged;
  const stream = writes.run(call, owner.token, WRITERS, `r${i}`);
  const t0 = Date.now();
  const atKill = kind === "import" ? await importToKillPoint(call, mailbox, large, `import${i}`) : undefined;
  if (!atKill) await sleep(100 + Math.random() * (MAX_DELAY_MS - 100));
  await killServer(server.child);
  const killedAfterMs = Date.now() - t0;
  stream.stop();
  await stream.done;
  try {
    server = await start();
  } catch (error) {
    failuresToOpen.push({ round: i, error: (error as Error).message.slice(0, 4000) });
    serverUp = false;
    log(`round ${i}: the server did not come back: ${(error as Error).message.slice(0, 2000)}`);
    break;
  }
  await refresh(owner);
  const result = writes.check(await writes.observeApi(call, owner.token));
  lost.push(...result.lost.map((l) => `round ${i}: ${l}`));
  unexpected.push(...result.unexpected.map((u) => `round ${i}: ${u}`));
  const round: Record<string, unknown> = {
    round: i,
    kind,
    killedAfterMs,
    acknowledged: writes.acknowledged - ackedBefore,
    lost: result.lost.length,
    committedUnanswered: result.committedUnanswered,
    reopenSeconds: server.readySeconds,
    load: +loadavg()[0]!.toFixed(1),
  };
  if (atKill) {
    imports.push(atKill.user);
    const { user, ...at } = atKill;
    round.import = { ...at, ...(await importAfterRestart(call, user, RESUME_BOUND_S)) };
  }
  rounds.push(round);
  log(JSON.stringify(round));
}

// --- The end: one more kill during writes, then PGlite opened directly (its own recovery, timed),
// the writes read back with SQL, each import counted, amcheck. ---
if (serverUp) {
  await refresh(owner);
  const stream = writes.run(call, owner.token, WRITERS, "last");
  await sleep(100 + Math.random() * (MAX_DELAY_MS - 100));
  await killServer(server.child);
  stream.stop();
  await stream.done;
}
const direct = await openDirect(dataDir).catch((error: Error) => {
  failuresToOpen.push({ round: 0, error: `direct open: ${error.message}` });
  return undefined;
});
const final = direct ? writes.check(await observeSql(direct.db, writes)) : undefined;
const importTotals = [];
for (const [k, user] of imports.entries()) {
  const actual = direct ? await companyTotals(direct.db, user.companyId!) : undefined;
  const match = JSON.stringify(actual) === JSON.stringify(large.totals);
  importTotals.push({ import: k + 1, actual, expected: large.totals, match });
}
const check = direct ? await integrity(direct.db) : undefined;
await direct?.db.close();
sandbox.stop();

const reopen = rounds.map((r) => r.reopenSeconds as number);
const importRounds = rounds.flatMap((r) => (r.import ? [r.import as Record<string, unknown>] : []));
const allLost = [...lost, ...(final?.lost ?? []).map((l) => `last kill: ${l}`)];
const allUnexpected = [...unexpected, ...(final?.unexpected ?? [])];
const figures = {
  rounds: rounds.length,
  // Writers run in every round, the import rounds too; the last kill is opened directly.
  killsDuringWrites: rounds.length + (serverUp ? 1 : 0),
  killsDuringImport: importRounds.filter((r) => !r.finishedBeforeKill).length,
  acknowledgedWrites: writes.acknowledged,
  unansweredAtKill: writes.unanswered,
  committedButUnanswered: rounds.reduce((n, r) => n + (r.committedUnanswered as number), 0),
  errorAnswers: writes.errors.length,
  lost: allLost.length,
  unexpectedRows: allUnexpected.length,
  failuresToOpen: failuresToOpen.length,
  firstStartSeconds,
  reopenSeconds: { p50: +quantile(reopen, 0.5).toFixed(2), max: Math.max(...reopen) },
  loadAverageAtRestart: { min: +Math.min(...loads).toFixed(1), max: +Math.max(...loads).toFixed(1) },
  importsCompletedAfterRestart: `${importRounds.filter((r) => r.completed).length}/${importRounds.length}`,
  importResumedAfterSeconds: importRounds.map((r) => r.resumedAfter ?? null),
  importCompletedAfterSeconds: importRounds.map((r) => r.completedAfter ?? null),
  importTotalsMatchSandbox: `${importTotals.filter((t) => t.match).length}/${importTotals.length}`,
  directOpenAfterKillSeconds: direct?.openSeconds ?? null,
  amcheck: check && {
    indexes: check.indexesChecked,
    tables: check.tablesChecked,
    problems: check.problems.length,
  },
};
const result = {
  date: new Date().toISOString().slice(0, 10),
  command: "npm run bench:pglite-crash",
  serverCommand,
  machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version },
  settings,
  minutes: +((Date.now() - started) / 60_000).toFixed(1),
  figures,
  postgres: check?.version,
  rowsPerTable: check?.rowsPerTable,
  importTotals,
  rounds,
  lost: allLost,
  unexpected: allUnexpected,
  failuresToOpen,
  errors: writes.errors.slice(0, 20),
  amcheckProblems: check?.problems,
};
mkdirSync(path.join(import.meta.dirname, "results"), { recursive: true });
writeFileSync(
  path.join(import.meta.dirname, "results", "pglite-crash.json"),
  `${JSON.stringify(result, null, 2)}\n`,
);
console.log(JSON.stringify(figures, null, 2));
rmSync(dataDir, { recursive: true, force: true });
const failed =
  allLost.length + allUnexpected.length + failuresToOpen.length + (check?.problems.length ?? 1) > 0 ||
  importTotals.some((t) => !t.match) ||
  importRounds.some((r) => !r.completed);
process.exit(failed ? 1 : 0);
