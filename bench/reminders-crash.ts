/**
 * Crash safety of the reminder engine (issue 8, item 7). Run: `npm run bench:reminders-crash`
 * (about half an hour; `CRASH_ROUNDS=5` for a quick look).
 *
 * A throwaway PostgreSQL 15, the mail sandbox (in this process) and the app's worker
 * (`apps/api/src/worker.ts`) in a child process. For each of four points the worker is killed with
 * SIGKILL, `CRASH_ROUNDS` (50) times, by the test-only hook `RECOUP_CRASH_AT=<point>`
 * (`crashPoint` in apps/api/src/db/job-queue.ts):
 * - `plan-before-commit`: the planning transaction has written the decision and its send job, not
 *   committed;
 * - `send-before-smtp`: the decision is committed and the attempt counted, the email not sent;
 * - `send-after-smtp`: the SMTP server has accepted the email, it is not recorded sent;
 * - `send-after-record`: it is recorded sent, the queue's job not completed.
 *
 * A round: one company turns its reminders on with `CRASH_REMINDERS` (1) invoice overdue; a worker
 * started with the hook is asked to plan it (the `reminder-plan` job the cron's run queues) and
 * kills itself at the point. The queue would fail the dead worker's active jobs once they expire
 * (2 minutes for planning, 5 for sending) and retry a send after 30 s: this script does both at once, through pg-boss's
 * own `fail` and by moving the retry's start to now, and queues the company's planning again as
 * the next minute's cron run would. A worker without the hook then runs until the company's
 * reminders are sent. With one reminder a round, the kill finds nothing else in flight.
 *
 * Then `CRASH_UNAIDED` (3) rounds killed before the planning commits with no help at all: a
 * plain worker, its every-minute planner and pg-boss's expiry of the dead worker's job. Timed from
 * the kill to the reminder recorded sent; over 5 minutes fails the script.
 *
 * Afterwards, per point: reminders lost (an invoice of a round without a reminder recorded sent
 * and in the sandbox), duplicates in the sandbox (one Message-ID received more than once), and
 * reminders sent twice under different Message-IDs (the same invoice and stage twice).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { type CrashPoint, openDatabase, REMINDER_PLAN, SEND_REMINDER } from "@recoup/api/testing/internals";
import { startMailSandbox } from "@recoup/sandbox-mail";
import pg from "pg";
import PgBoss from "pg-boss";
import { generateReminderCompanies, localDate, zoneInMorning } from "./reminders-data.ts";
import { log, sleep, waitFor } from "./util.ts";

const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 50);
const REMINDERS = Number(process.env.CRASH_REMINDERS ?? 1);
/** Rounds killed mid-planning and left to recover on their own (the cron and the queue's expiry). */
const UNAIDED = Number(process.env.CRASH_UNAIDED ?? 3);
const POINTS: CrashPoint[] = [
  "plan-before-commit",
  "send-before-smtp",
  "send-after-smtp",
  "send-after-record",
];
const here = import.meta.dirname;
const root = path.resolve(here, "..");

// --- PostgreSQL, the schema, the mail sandbox, a queue client for this script. ---
const { startPgServer, createDatabase } = await import("@recoup/api/testing/pg");
const server = await startPgServer();
const databaseUrl = await createDatabase(server.url, "recoup_crash");
const dataDir = mkdtempSync(path.join(tmpdir(), "recoup-crash-"));
await (await openDatabase({ databaseUrl, dataDir })).close(); // migrations
const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
const exec = async (text: string, params: unknown[] = []) => (await db.query(text, params)).rows;
const mail = await startMailSandbox({ smtpPort: 0, httpPort: 0, capacity: 1_000_000 });
// Maintenance and cron stay with the workers; this client only sends and fails jobs.
const boss = new PgBoss({ connectionString: databaseUrl, max: 2, supervise: false, schedule: false });
boss.on("error", (err) => log("queue error:", err.message));

const workerEnv = {
  ...process.env,
  DATABASE_URL: databaseUrl,
  SMTP_URL: mail.smtpUrl,
  DATA_DIR: dataDir,
  JWT_SECRET: "crash-secret-crash-secret-crash-secret-0123",
  APP_URL: "http://localhost:3000",
  LOG_LEVEL: "warn",
  QUICKBOOKS_SAFETY_SYNC_MINUTES: "0",
  QUICKBOOKS_API_URL: "http://127.0.0.1:9",
  RECOUP_CRASH_AT: "",
};

/** The worker as `npm run worker` runs it; resolves once it says it is running. */
async function startWorker(crashAt?: CrashPoint) {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "apps/api/src/worker.ts")], {
    cwd: root,
    env: { ...workerEnv, RECOUP_CRASH_AT: crashAt ?? "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.once("exit", (code, signal) => resolve(signal ?? code)),
  );
  let stderr = "";
  child.stderr!.on("data", (d) => {
    stderr += d;
  });
  const ready = new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on("line", (line) => {
      if (line.includes("worker running")) resolve();
    });
    exited.then((how) => reject(new Error(`worker exited (${how}) before it ran: ${stderr}`)));
  });
  await ready;
  return { child, exited, stderr: () => stderr };
}
async function stopWorker(w: { child: ChildProcess; exited: Promise<unknown> }) {
  w.child.kill("SIGTERM");
  await w.exited;
}

/** What pg-boss's maintenance does to a dead worker's jobs once they expire, done now. */
async function recoverDeadWorkersJobs() {
  for (const queue of [REMINDER_PLAN, SEND_REMINDER]) {
    const active = await exec(
      `select id from pgboss.job where name = $1 and state = 'active' and started_on is not null`,
      [queue],
    );
    if (active.length > 0)
      await boss.fail(
        queue,
        active.map((r) => r.id as string),
      );
  }
  // The retry's delay (30 s, then doubling) is only time.
  await exec(`update pgboss.job set start_after = now() where state = 'retry'`);
}

// --- Data: a company per round, reminders off until its round. ---
await boss.start();
const zone = zoneInMorning();
const today = localDate(zone);
const companiesOf = new Map<CrashPoint, string[]>();
for (const point of POINTS) {
  const data = await generateReminderCompanies(async (text) => exec(text), {
    companies: ROUNDS,
    invoices: REMINDERS,
    timezone: zone,
    today,
    history: false,
    label: point.replaceAll("-", "_"),
  });
  companiesOf.set(point, data.ids);
}
// Every open invoice 10 days overdue: each gets its after-due notice (cycle 1 of 7 days).
await exec(`update invoices set due_date = $1::date - 10 where balance_cents > 0`, [today]);
await exec("update reminder_settings set enabled = false");
log(`${POINTS.length} × ${ROUNDS} companies with ${REMINDERS} overdue invoice(s) each, in ${zone}`);

/**
 * Turns the company's reminders on (its data just synced) and has a worker started with the hook
 * plan it. Answers whether it died at the point; one that did not is killed.
 */
async function planAndKill(point: CrashPoint, companyId: string, round: string) {
  await exec("update reminder_settings set enabled = true, enabled_at = now() where company_id = $1", [
    companyId,
  ]);
  await exec("update qbo_connections set last_sync_at = now() where company_id = $1", [companyId]);
  const crashing = await startWorker(point);
  await boss.send(REMINDER_PLAN, { companyId }, { singletonKey: companyId });
  const how = await Promise.race([crashing.exited, sleep(90_000).then(() => "timeout")]);
  const killed = how === "SIGKILL" && crashing.stderr().includes(`killed at ${point}`);
  if (!killed) {
    crashing.child.kill("SIGKILL");
    log(`${round} ${point}: the worker was not killed at the point (${how})`);
  }
  return killed;
}

/** A worker without the hook runs until the company's reminders are all recorded sent; then they are turned off. */
async function untilSent(round: string, companyId: string, timeoutMs?: number) {
  const recovering = await startWorker();
  await waitFor(
    `${round}: its reminders sent`,
    async () => {
      const [r] = await exec(
        `select count(*) filter (where status = 'sent')::int as sent, count(*) filter (where status <> 'sent')::int as other
         from reminders where company_id = $1`,
        [companyId],
      );
      return r!.sent >= REMINDERS && r!.other === 0 ? true : undefined;
    },
    timeoutMs,
  );
  await stopWorker(recovering);
  await exec("update reminder_settings set enabled = false where company_id = $1", [companyId]);
}

const rounds: { point: CrashPoint; companyId: string; killed: boolean; seconds: number }[] = [];
const started = Date.now();
for (let i = 0; i < ROUNDS; i++) {
  for (const point of POINTS) {
    const companyId = companiesOf.get(point)![i]!;
    const round = `round ${i + 1}`;
    const t0 = Date.now();
    const killed = await planAndKill(point, companyId, round);
    await recoverDeadWorkersJobs();
    // The next minute's cron run would queue it; a plan of a company already planned decides nothing.
    await boss.send(REMINDER_PLAN, { companyId }, { singletonKey: companyId });
    await untilSent(`${round} ${point}`, companyId);
    rounds.push({ point, companyId, killed, seconds: (Date.now() - t0) / 1000 });
    log(`round ${i + 1}/${ROUNDS} ${point}: killed ${killed}, ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
}

// --- Unaided: a kill mid-planning, then only the worker, its cron and pg-boss's own expiry. ---
// The company's plan job stays active after the kill; the next plan jobs the cron queues wait
// behind it until pg-boss's maintenance expires it (reminder-plan: 2 minutes, maintenance every
// minute). Timed from the kill to the reminder recorded sent: the bound on "within 5 minutes of
// the window opening" after a crash.
const unaided: { point: CrashPoint; companyId: string; killed: boolean; seconds: number }[] = [];
if (UNAIDED > 0) {
  const point: CrashPoint = "plan-before-commit";
  const extra = await generateReminderCompanies(async (text) => exec(text), {
    companies: UNAIDED,
    invoices: REMINDERS,
    timezone: zone,
    today,
    history: false,
    label: "unaided",
  });
  await exec(
    `update invoices set due_date = $1::date - 10 where balance_cents > 0 and company_id = any($2::uuid[])`,
    [today, extra.ids],
  );
  // Off until each one's round: the recovering workers' cron would plan them all at once.
  await exec("update reminder_settings set enabled = false where company_id = any($1::uuid[])", [extra.ids]);
  for (const [i, companyId] of extra.ids.entries()) {
    const round = `unaided round ${i + 1}`;
    const killed = await planAndKill(point, companyId, round);
    const t0 = Date.now();
    const jobs = await exec(
      `select state, started_on, expire_in::text from pgboss.job where name = $1 and data->>'companyId' = $2`,
      [REMINDER_PLAN, companyId],
    );
    log(`${round}: the company's plan jobs after the kill: ${JSON.stringify(jobs)}`);
    await untilSent(round, companyId, 10 * 60_000);
    unaided.push({ point, companyId, killed, seconds: (Date.now() - t0) / 1000 });
    log(
      `${round}/${UNAIDED} ${point}: killed ${killed}, sent ${((Date.now() - t0) / 1000).toFixed(1)} s after the kill`,
    );
  }
}

// --- Counting ---
// Every message in the sandbox, matched to its reminder by Message-ID.
const byMessageId = new Map<string, number>();
for (const m of mail.messages())
  byMessageId.set(m.messageId ?? "", (byMessageId.get(m.messageId ?? "") ?? 0) + 1);
const results = [];
for (const point of POINTS) {
  const ids = companiesOf.get(point)!;
  const invoices = await exec(
    `select i.company_id, i.qb_id,
       (select count(*)::int from reminders r where r.company_id = i.company_id and r.invoice_qb_id = i.qb_id
          and r.status = 'sent') as sent_rows,
       (select array_agg(r.message_id) from reminders r where r.company_id = i.company_id and r.invoice_qb_id = i.qb_id
          and r.status <> 'cancelled') as message_ids
     from invoices i where i.company_id = any($1::uuid[]) and i.balance_cents > 0`,
    [ids],
  );
  let lost = 0;
  let duplicates = 0;
  let twiceUnderNewIds = 0;
  let attempts = 0;
  for (const inv of invoices) {
    const messageIds = (inv.message_ids as string[] | null) ?? [];
    const received = messageIds.map((id) => byMessageId.get(id) ?? 0);
    if ((inv.sent_rows as number) === 0 || received.every((n) => n === 0)) lost++;
    duplicates += received.reduce((sum, n) => sum + Math.max(0, n - 1), 0);
    if (messageIds.length > 1) twiceUnderNewIds += messageIds.length - 1;
  }
  for (const r of await exec("select attempts from reminders where company_id = any($1::uuid[])", [ids])) {
    attempts += r.attempts as number;
  }
  const these = rounds.filter((r) => r.point === point);
  results.push({
    point,
    kills: these.filter((r) => r.killed).length,
    rounds: these.length,
    reminders: invoices.length,
    lost,
    duplicatesSameMessageId: duplicates,
    sentAgainUnderAnotherMessageId: twiceUnderNewIds,
    attemptsCounted: attempts,
    secondsPerRound: +(these.reduce((s, r) => s + r.seconds, 0) / these.length).toFixed(1),
  });
}
const result = {
  date: new Date().toISOString().slice(0, 10),
  command: "npm run bench:reminders-crash",
  machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version, load: loadavg() },
  settings: { rounds: ROUNDS, remindersPerRound: REMINDERS, zone },
  minutes: +((Date.now() - started) / 60_000).toFixed(1),
  sandbox: { messages: mail.messages().length, distinctMessageIds: byMessageId.size },
  points: results,
  unaided: {
    point: "plan-before-commit",
    rounds: unaided.length,
    killed: unaided.filter((r) => r.killed).length,
    secondsFromKillToSent: unaided.map((r) => +r.seconds.toFixed(1)),
  },
};
console.error(
  "point              | kills | reminders | lost | duplicates (same Message-ID) | sent again, new Message-ID",
);
for (const r of results) {
  console.error(
    `${r.point.padEnd(18)} | ${String(r.kills).padStart(5)} | ${String(r.reminders).padStart(9)} | ${String(r.lost).padStart(4)} | ${String(r.duplicatesSameMessageId).padStart(28)} | ${r.sentAgainUnderAnotherMessageId}`,
  );
}
mkdirSync(path.join(here, "results"), { recursive: true });
writeFileSync(path.join(here, "results", "reminders-crash.json"), `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result, null, 2));
await boss.stop({ graceful: false, wait: true });
await db.end();
await mail.close();
await server.stop();
rmSync(dataDir, { recursive: true, force: true });
const failed = results.some(
  (r) =>
    r.lost > 0 ||
    r.sentAgainUnderAnotherMessageId > 0 ||
    r.kills < r.rounds ||
    unaided.some((u) => !u.killed || u.seconds > 300) ||
    (r.point !== "send-after-smtp" && r.duplicatesSameMessageId > 0),
);
process.exit(failed ? 1 : 0);
