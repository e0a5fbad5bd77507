/**
 * Reminder engine benchmark (issue 8, item 6). Run: `npm run bench:reminders` (PGlite, then a
 * throwaway PostgreSQL 15), or one backend: `npx tsx bench/reminders.bench.ts` (PGlite) /
 * `BENCH_DB=postgres npx tsx bench/reminders.bench.ts` (or BENCH_DATABASE_URL=postgres://…).
 *
 * Planning: companies written with SQL (bench/reminders-data.ts; 1,000 × 1,000 open invoices on
 * PostgreSQL, 100 × 1,000 on PGlite), planned by `planCompany`, the function the `reminder-plan`
 * job calls, as many at once as that job runs in one worker:
 * - a typical day: months of reminders already sent (weekly follow-ups), about one invoice in
 *   seven due today;
 * - the same minute again (what every later run of the day costs): nothing new;
 * - a first day: no history, every invoice overdue or due within 3 days gets its notice.
 * The floor of each: the planner's own read (`invoicesToPlan`, `activePauses`) run directly for
 * every company, plus the same outbox rows and send jobs copied into copies of their tables (same
 * indexes) with one INSERT … SELECT each.
 *
 * Sending: `BENCH_SEND_COMPANIES` (20) more companies planned on their first day (about 17,000
 * reminders), then the app's worker runs only the send jobs (the pooled nodemailer transport) into
 * the mail sandbox (`@recoup/sandbox-mail`, its own process), timed from the worker's start to the
 * last reminder recorded sent; then the sandbox is checked: every reminder there once. The floor:
 * the same number of emails of the same size through the app's pooled transport alone, all at once.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { buildApp } from "@recoup/api/app";
import { loadConfig } from "@recoup/api/config";
import { activePauses } from "@recoup/api/modules/pauses";
import {
  dueReminder,
  findSettings,
  historyByInvoice,
  invoicesToPlan,
  pausesByTarget,
  planAll,
  planCompany,
  remindableInvoices,
  reminderHistory,
  reminderInvoice,
  scheduleSettings,
  sentFromSummary,
  windowState,
} from "@recoup/api/modules/reminders";
import {
  createMailer,
  REMINDER_PLAN,
  REMINDER_PLAN_CONCURRENCY,
  SEND_BATCH_SIZE,
  SEND_CONCURRENCY,
  SEND_REMINDER,
  SEND_REMINDER_DEAD,
  SMTP_MAX_CONNECTIONS,
} from "@recoup/api/testing/internals";
import { benchDatabase } from "./bench-database.ts";
import { type Exec, generateReminderCompanies, localDate, zoneInMorning } from "./reminders-data.ts";
import { log } from "./util.ts";

const postgres = process.env.BENCH_DB === "postgres" || Boolean(process.env.BENCH_DATABASE_URL);
const COMPANIES = Number(process.env.BENCH_COMPANIES ?? (postgres ? 1000 : 100));
const INVOICES = Number(process.env.BENCH_INVOICES ?? 1000);
const SEND_COMPANIES = Number(process.env.BENCH_SEND_COMPANIES ?? 20);
/** Steps to leave out: plan, first-day, send. */
const SKIP = new Set((process.env.BENCH_SKIP ?? "").split(",").filter(Boolean));
const TARGET_PLAN_SECONDS = 20;
const TARGET_EMAILS_PER_SECOND = 500;
const here = import.meta.dirname;
const resultsDir = path.join(here, "results");
mkdirSync(resultsDir, { recursive: true });
const load = () => loadavg().map((l) => +l.toFixed(2));
const secondsSince = (t0: number) => +((performance.now() - t0) / 1000).toFixed(2);
/** /proc/<pid>/stat's fields after the command name (state is [0], the parent [1], user time [11]). */
const stat = (pid: number) =>
  readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ").map(Number);
/** CPU time (user + system) of a process so far, in ms; with `children`, its waited-for children's too. */
const cpuMs = (pid: number, children = false) => {
  const f = stat(pid);
  return ((f[11]! + f[12]! + (children ? f[13]! + f[14]! : 0)) * 1000) / 100;
};

// --- The mail sandbox (its own process), the database, the app without its worker. ---
const sink = spawn(process.execPath, ["--import", "tsx", path.join(here, "mail-sink.ts")], {
  stdio: ["pipe", "pipe", "inherit"],
});
process.on("exit", () => sink.kill("SIGTERM"));
const sinkLines = createInterface({ input: sink.stdout! });
const sinkReply = () => new Promise<string>((resolve) => sinkLines.once("line", resolve));
const { smtpUrl } = JSON.parse(await sinkReply()) as { smtpUrl: string };
async function sinkCommand<T>(command: string): Promise<T> {
  const answer = sinkReply();
  sink.stdin!.write(`${command}\n`);
  return JSON.parse(await answer) as T;
}

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
});
const { app, ctx } = await buildApp(config);
const kind = ctx.database.kind;
type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
const client = (ctx.db as unknown as { $client: { query: Query } }).$client;
const exec: Exec = async (text) => (await client.query(text)).rows;
const one = async <T>(text: string, params: unknown[] = []) =>
  (await client.query(text, params)).rows[0] as T;
log(`${kind}; load ${load()}`);
/** PostgreSQL's CPU time so far: the server process, the backends it ended and those running. */
const postmaster =
  kind === "postgres"
    ? stat((await one<{ pid: number }>("select pg_backend_pid() as pid")).pid)[1]!
    : undefined;
function databaseCpuMs() {
  if (postmaster === undefined) return 0;
  const children = readFileSync(`/proc/${postmaster}/task/${postmaster}/children`, "utf8")
    .trim()
    .split(/\s+/);
  let ms = cpuMs(postmaster, true);
  for (const pid of children.filter(Boolean)) {
    try {
      ms += cpuMs(Number(pid));
    } catch {
      // ended meanwhile: counted in the server's children's time
    }
  }
  return ms;
}

const zone = zoneInMorning();
const today = localDate(zone);
log(`companies in ${zone}, local date ${today}`);

/** Runs `fn` over `items`, `concurrency` at a time. */
async function pool<T>(items: readonly T[], concurrency: number, fn: (item: T) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (p: number) => +(s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? 0).toFixed(1);
  return { p50: at(0.5), p95: at(0.95), max: +(s.at(-1) ?? 0).toFixed(1) };
};

const partition = async (queue: string) =>
  (await one<{ p: string }>("select partition_name as p from pgboss.queue where name = $1", [queue])).p;
/** Empties the send queue (the planning runs' jobs are not sent) and drops the outbox rows. */
async function clearOutbox() {
  await exec(`truncate pgboss.${await partition(SEND_REMINDER)}`);
  await exec("delete from reminders where status = 'queued'");
}

interface PlanRun {
  scenario: string;
  companies: number;
  invoices: number;
  decided: number;
  seconds: number;
  perCompanyMs: { p50: number; p95: number; max: number };
  concurrency: number;
  floor: { readSeconds: number; rowsRead: number; writeSeconds: number; seconds: number };
  vsFloor: number;
  load: number[];
}

/**
 * One planning run as the cron's runs it: `planAll` (the `reminder-planner` job) queues a
 * `reminder-plan` job per company, the worker runs them (`planCompany`, as many at once as that
 * job's concurrency), timed until the queue is drained. The floor's read runs first, on the same
 * data; its write copies what the run wrote.
 */
async function planEvery(scenario: string, ids: readonly string[], invoices: number): Promise<PlanRun> {
  await exec("update qbo_connections set last_sync_at = now()");
  const now = new Date();
  ctx.now = () => now;
  const read = await floorRead(ids, now);
  const plans = await partition(REMINDER_PLAN);
  const t0 = performance.now();
  const { queued } = await planAll(ctx);
  for (;;) {
    const { left } = await one<{ left: number }>(
      `select count(*)::int as left from pgboss.${plans} where state < 'completed'`,
    );
    if (left === 0) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const seconds = secondsSince(t0);
  ctx.now = () => new Date();
  const { decided, jobs, failed } = await one<{ decided: number; jobs: number; failed: number }>(
    `select (select count(*)::int from reminders where decided_at = $1) as decided,
       (select coalesce(sum(jsonb_array_length(data->'reminderIds')), 0)::int from pgboss.${await partition(SEND_REMINDER)}
          where created_on >= $1) as jobs,
       (select count(*)::int from pgboss.${plans} where created_on >= $1 and state <> 'completed') as failed`,
    [now],
  );
  if (queued < ids.length || failed > 0 || jobs !== decided) {
    throw new Error(`${queued} plans queued, ${failed} failed; ${decided} decided, ${jobs} in send jobs`);
  }
  const times = (
    await client.query(
      `select extract(epoch from completed_on - started_on)::float8 * 1000 as ms from pgboss.${plans}
       where created_on >= $1`,
      [now],
    )
  ).rows.map((r) => r.ms as number);
  const writeSeconds = await floorWrite(now);
  const floor = { ...read, writeSeconds, seconds: +(read.readSeconds + writeSeconds).toFixed(2) };
  const run: PlanRun = {
    scenario,
    companies: ids.length,
    invoices,
    decided,
    seconds,
    perCompanyMs: stats(times),
    concurrency: REMINDER_PLAN_CONCURRENCY,
    floor,
    vsFloor: +(seconds / floor.seconds).toFixed(2),
    load: load(),
  };
  log(run);
  return run;
}

/** The floor's read: the planner's read statements (`invoicesToPlan`, `activePauses`) for every company. */
async function floorRead(ids: readonly string[], now: Date) {
  let rowsRead = 0;
  const t0 = performance.now();
  await pool(ids, REMINDER_PLAN_CONCURRENCY, async (id) => {
    const settings = scheduleSettings((await findSettings(ctx.db, id))!);
    const { today: localToday } = windowState(settings, now);
    const rows = await invoicesToPlan(ctx.db, id, {
      today: localToday,
      followUpInterval: settings.followUpInterval,
    });
    await activePauses(ctx.db, id, localToday);
    rowsRead += rows.length;
  });
  return { readSeconds: secondsSince(t0), rowsRead };
}

/** The floor's write: the run's outbox rows and send jobs copied, one INSERT … SELECT each, into tables made like theirs. */
async function floorWrite(now: Date) {
  const jobs = await partition(SEND_REMINDER);
  await exec("create table floor_reminders (like reminders including all)");
  await exec(`create table floor_jobs (like pgboss.${jobs} including all)`);
  const t0 = performance.now();
  await client.query("insert into floor_reminders select * from reminders where decided_at = $1", [now]);
  await client.query(`insert into floor_jobs select * from pgboss.${jobs} where created_on >= $1`, [now]);
  const seconds = secondsSince(t0);
  await exec("drop table floor_reminders");
  await exec("drop table floor_jobs");
  return seconds;
}

/**
 * The planner's read (one row per invoice, history summed up, invoices that cannot be due left
 * out) against the whole history read as the API's other calls read it: the schedule must decide
 * the same for every invoice of these companies.
 */
async function crossCheck(ids: readonly string[]) {
  const now = new Date();
  let decisions = 0;
  for (const id of ids) {
    const s = (await findSettings(ctx.db, id))!;
    const settings = scheduleSettings(s);
    const { today: localToday } = windowState(settings, now);
    const paused = pausesByTarget(await activePauses(ctx.db, id, localToday));
    const key = (invoiceId: string, d: { stage: string; cycle: number; scheduledFor: string } | null) =>
      d ? `${invoiceId} ${d.stage} ${d.cycle} ${d.scheduledFor}` : null;
    const summed = (
      await invoicesToPlan(ctx.db, id, { today: localToday, followUpInterval: settings.followUpInterval })
    )
      .map((inv) =>
        key(inv.id, dueReminder(reminderInvoice(inv, paused), settings, now, sentFromSummary(inv))),
      )
      .filter((k) => k !== null)
      .sort();
    const sent = historyByInvoice(await reminderHistory(ctx.db, id));
    const whole = (await remindableInvoices(ctx.db, id))
      .map((inv) =>
        key(inv.id, dueReminder(reminderInvoice(inv, paused), settings, now, sent.get(inv.id) ?? [])),
      )
      .filter((k) => k !== null)
      .sort();
    if (JSON.stringify(summed) !== JSON.stringify(whole)) {
      throw new Error(
        `cross-check: ${id} decides ${summed.length} from the summary, ${whole.length} from the history`,
      );
    }
    decisions += whole.length;
  }
  log(
    `cross-check: ${ids.length} companies, the same ${decisions} decisions from the summary and from the whole history`,
  );
  return { companies: ids.length, decisions, identical: true };
}

// --- Planning ---
const planning: Record<string, unknown> = {};
if (!SKIP.has("plan")) {
  log(`generating ${COMPANIES} companies × ${INVOICES} open invoices with their history…`);
  const data = await generateReminderCompanies(exec, {
    companies: COMPANIES,
    invoices: INVOICES,
    timezone: zone,
    today,
    history: true,
    label: "plan",
  });
  log(
    `generated in ${data.seconds} s: ${data.open} open of ${data.invoices} invoices, ${data.history} reminders sent`,
  );
  await exec("vacuum analyze");
  await ctx.queue.work([REMINDER_PLAN]);
  const checked = [await crossCheck(data.ids.slice(0, 50))];
  const runs = [];
  runs.push(await planEvery("typical day", data.ids, data.open));
  runs.push(await planEvery("the same minute again", data.ids, data.open));
  if (!SKIP.has("first-day")) {
    await exec("truncate reminders cascade");
    await clearOutbox();
    await exec("vacuum analyze reminders");
    checked.push(await crossCheck(data.ids.slice(0, 50)));
    runs.push(await planEvery("first day (no history)", data.ids, data.open));
    runs.push(await planEvery("first day, the same minute again", data.ids, data.open));
  }
  await clearOutbox();
  planning.data = { companies: COMPANIES, open: data.open, invoices: data.invoices, history: data.history };
  planning.crossCheck = checked;
  planning.runs = runs;
  planning.target = `≤ ${TARGET_PLAN_SECONDS} s at 1,000,000 open invoices (PostgreSQL), 100,000 (PGlite)`;
}

// --- Sending ---
let sending: Record<string, unknown> | undefined;
if (!SKIP.has("send")) {
  const data = await generateReminderCompanies(exec, {
    companies: SEND_COMPANIES,
    invoices: INVOICES,
    timezone: zone,
    today,
    history: false,
    label: "send",
  });
  await clearOutbox();
  // The planning runs' outbox rows were deleted just now: what autovacuum would soon do on
  // PostgreSQL is done here (PGlite has none), so the sends do not wade through them.
  await exec("vacuum analyze");
  let decided = 0;
  for (const id of data.ids) {
    const outcome = await planCompany(ctx, id);
    if (outcome.outcome === "planned") decided += outcome.decided;
  }
  log(`send: ${decided} reminders queued for ${SEND_COMPANIES} companies`);
  await sinkCommand("clear");
  const progress = async () =>
    one<{ queued: number; sent: number; failed: number; attempts: number }>(
      `select count(*) filter (where status = 'queued')::int as queued, count(*) filter (where status = 'sent')::int as sent,
         count(*) filter (where status = 'failed')::int as failed, coalesce(sum(attempts), 0)::int as attempts
       from reminders where company_id = any($1::uuid[])`,
      [data.ids],
    );
  const loadBefore = load();
  const cpuBefore = { worker: cpuMs(process.pid), sandbox: cpuMs(sink.pid!), database: databaseCpuMs() };
  const t0 = performance.now();
  await ctx.queue.work([SEND_REMINDER, SEND_REMINDER_DEAD]);
  let p = await progress();
  while (p.queued > 0) {
    await new Promise((r) => setTimeout(r, 250));
    p = await progress();
  }
  const seconds = secondsSince(t0);
  const cpuPerEmail = {
    workerMs: +((cpuMs(process.pid) - cpuBefore.worker) / decided).toFixed(2),
    sandboxMs: +((cpuMs(sink.pid!) - cpuBefore.sandbox) / decided).toFixed(2),
    ...(postmaster ? { databaseMs: +((databaseCpuMs() - cpuBefore.database) / decided).toFixed(2) } : {}),
  };
  const inbox = await sinkCommand<{ count: number; distinct: number; duplicates: unknown[] }>("stats");
  const sample = await sinkCommand<{ subject: string; text: string; html: string }>("sample");
  const app = {
    reminders: decided,
    ...p,
    seconds,
    emailsPerSecond: Math.round(decided / seconds),
    cpuPerEmail,
    inbox: { count: inbox.count, distinctMessageIds: inbox.distinct, duplicates: inbox.duplicates.length },
    load: { before: loadBefore, after: load() },
  };
  log("send", app);
  await ctx.queue.boss.offWork(SEND_REMINDER);

  // Floor: the app's pooled transport alone, the same number of emails of the same size.
  await sinkCommand("clear");
  const mailer = createMailer(smtpUrl, config.mailFrom);
  const floorCpu = { worker: cpuMs(process.pid), sandbox: cpuMs(sink.pid!) };
  const tf = performance.now();
  await Promise.all(
    Array.from({ length: decided }, (_, i) =>
      mailer.send({
        to: `floor${i}@customer.example.com`,
        subject: sample.subject,
        text: sample.text,
        html: sample.html,
        fromName: "Floor Co",
        messageId: `<floor.${i}@recoup.local>`,
      }),
    ),
  );
  const floorSeconds = secondsSince(tf);
  const floorCpuPerEmail = {
    workerMs: +((cpuMs(process.pid) - floorCpu.worker) / decided).toFixed(2),
    sandboxMs: +((cpuMs(sink.pid!) - floorCpu.sandbox) / decided).toFixed(2),
  };
  mailer.close();
  const floorInbox = await sinkCommand<{ count: number }>("count");
  const floor = {
    emails: decided,
    seconds: floorSeconds,
    emailsPerSecond: Math.round(decided / floorSeconds),
    cpuPerEmail: floorCpuPerEmail,
    inbox: floorInbox.count,
  };
  log("send floor", floor);
  sending = {
    app,
    floor,
    vsFloor: +(app.emailsPerSecond / floor.emailsPerSecond).toFixed(2),
    target: `≥ ${TARGET_EMAILS_PER_SECOND} emails/s`,
    settings: {
      remindersPerJob: SEND_BATCH_SIZE,
      concurrency: SEND_CONCURRENCY,
      smtpMaxConnections: SMTP_MAX_CONNECTIONS,
    },
  };
}

const result = {
  date: new Date().toISOString().slice(0, 10),
  command: `${postgres ? "BENCH_DB=postgres " : ""}npx tsx bench/reminders.bench.ts`,
  database: kind,
  machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version },
  settings: { companies: COMPANIES, invoices: INVOICES, sendCompanies: SEND_COMPANIES, zone, today },
  planning,
  sending,
};
writeFileSync(path.join(resultsDir, `reminders-${kind}.json`), `${JSON.stringify(result, null, 2)}\n`);
printTable();
console.log(JSON.stringify(result, null, 2));
await app.close();
await database.stop();
sink.kill("SIGTERM");
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);

function printTable() {
  const rows: string[][] = [["", "planner", "floor (SQL alone)", "× floor", "decided"]];
  for (const r of (planning.runs as PlanRun[] | undefined) ?? []) {
    rows.push([
      `plan ${r.companies} × ${r.invoices / r.companies}: ${r.scenario}`,
      `${r.seconds} s`,
      `${r.floor.seconds} s`,
      String(r.vsFloor),
      String(r.decided),
    ]);
  }
  if (sending) {
    const s = sending as {
      app: { emailsPerSecond: number; reminders: number };
      floor: { emailsPerSecond: number };
    };
    rows.push([
      "send (emails/s)",
      String(s.app.emailsPerSecond),
      String(s.floor.emailsPerSecond),
      String(sending.vsFloor),
      String(s.app.reminders),
    ]);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const r of rows) console.error(r.map((c, i) => c.padEnd(widths[i]!)).join(" | "));
}
