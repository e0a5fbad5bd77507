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
 * A round: one company turns its reminders on with `CRASH_REMINDERS` (1) invoice overdue, its
 * customer on the company's own schedule in every other round and on the standard one in the
 * others (issue 18: two schedules, the own one's stage keys `stage:<uuid>`); a worker
 * started with the hook is asked to plan it (the `reminder-plan` job the cron's run queues) and
 * kills itself at the point. The queue would fail the dead worker's active jobs once they expire
 * (2 minutes for planning, 5 for sending) and retry a send after 30 s: this script does both at once, through pg-boss's
 * own `fail` and by moving the retry's start to now, and queues the company's planning again as
 * the next minute's cron run would. A worker without the hook then runs until the company's
 * reminders are sent. With one reminder a round, the kill finds nothing else in flight.
 *
 * Combined rounds (issue 19, item 6): `CRASH_COMBINED_ROUNDS` (as many as `CRASH_ROUNDS`) more
 * rounds per point, after each single one, on companies with 'Combine a customer's reminders into
 * one email' on and `CRASH_COMBINED` (3) invoices of one customer overdue the same day: the planner
 * groups them under one Message-ID, so each kill finds one combined email in flight. The single
 * rounds' companies have combining off (the setting's default is on since migration 0020).
 *
 * Then `CRASH_UNAIDED` (3) rounds killed before the planning commits with no help at all: a
 * plain worker, its every-minute planner and pg-boss's expiry of the dead worker's job. Timed from
 * the kill to the reminder recorded sent; over 5 minutes fails the script.
 *
 * Afterwards, per point: reminders lost (an invoice of a round without a reminder recorded sent
 * and in the sandbox), duplicates in the sandbox (one Message-ID received more than once), and
 * reminders sent twice under different Message-IDs (the same invoice and stage twice); for the
 * combined rounds also: each round's reminders under one group and Message-ID, each invoice's
 * number in every received copy of the email (its text and HTML), and the email in each invoice's
 * thread.
 *
 * Here the setup and the rounds; the worker in bench/reminders-crash-worker.ts, a round's steps in
 * bench/reminders-crash-rounds.ts, the counting in bench/reminders-crash-report.ts.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { type CrashPoint, openDatabase, REMINDER_PLAN } from "@recoup/api/testing/internals";
import { startMailSandbox } from "@recoup/sandbox-mail";
import pg from "pg";
import PgBoss from "pg-boss";
import {
  countCombined,
  countPoints,
  failed,
  printCombinedTable,
  printTable,
  type Round,
} from "./reminders-crash-report.ts";
import { crashRounds } from "./reminders-crash-rounds.ts";
import { crashWorkers } from "./reminders-crash-worker.ts";
import { generateReminderCompanies, localDate, zoneInMorning } from "./reminders-data.ts";
import { log } from "./util.ts";

const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 50);
const REMINDERS = Number(process.env.CRASH_REMINDERS ?? 1);
/** Rounds killed mid-planning and left to recover on their own (the cron and the queue's expiry). */
const UNAIDED = Number(process.env.CRASH_UNAIDED ?? 3);
/** Rounds per point with a combined email in flight, and the invoices of its one customer. */
const COMBINED_ROUNDS = Number(process.env.CRASH_COMBINED_ROUNDS ?? ROUNDS);
const COMBINED = Number(process.env.CRASH_COMBINED ?? 3);
const POINTS: CrashPoint[] = [
  "plan-before-commit",
  "send-before-smtp",
  "send-after-smtp",
  "send-after-record",
];
const here = import.meta.dirname;

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
const workers = crashWorkers({ databaseUrl, smtpUrl: mail.smtpUrl, dataDir });
const { planAndKill, recoverDeadWorkersJobs, untilSent } = crashRounds({
  exec,
  boss,
  workers,
});

// --- Data: a company per round, reminders off until its round. ---
await boss.start();
const zone = zoneInMorning();
const today = localDate(zone);
const companiesOf = new Map<CrashPoint, string[]>();
const combinedOf = new Map<CrashPoint, string[]>();
for (const [point, combined] of POINTS.flatMap((p) => [[p, false] as const, [p, true] as const])) {
  if (combined && COMBINED_ROUNDS === 0) continue;
  const data = await generateReminderCompanies(async (text) => exec(text), {
    companies: combined ? COMBINED_ROUNDS : ROUNDS,
    invoices: combined ? COMBINED : REMINDERS,
    timezone: zone,
    today,
    history: false,
    label: `${point.replaceAll("-", "_")}${combined ? "_combined" : ""}`,
    schedules: 1,
    combine: combined,
  });
  (combined ? combinedOf : companiesOf).set(point, data.ids);
  if (combined) {
    // One customer's invoices (customer 2, on the standard schedule as the single rounds' one is,
    // unless the round gives it the company's own below), numbered apart from every other
    // company's, so that the email's listing of each number is checked against its own round.
    await exec(
      `update invoices set customer_qb_id = '2', customer_name = 'Customer 2',
         email = regexp_replace(email, '^billing[0-9]+@', 'billing2@'),
         doc_number = 'C-' || substr(company_id::text, 1, 8) || '-' || qb_id
       where company_id = any($1::uuid[])`,
      [data.ids],
    );
  }
  // Two schedules: each company has its own besides the standard one, and in every other round the
  // overdue invoice's customer follows it (its stage keys are the schedule's own, `stage:<uuid>`).
  await exec(
    `insert into customer_reminder_schedules (company_id, customer_qb_id, choice, schedule_id)
     select s.company_id, i.customer_qb_id, 'schedule', s.id from reminder_schedules s
     join invoices i on i.company_id = s.company_id and i.balance_cents > 0
     where s.company_id = any($1::uuid[]) on conflict do nothing`,
    [data.ids.filter((_, i) => i % 2 === 0)],
  );
}
// Every open invoice 10 days overdue: each gets its after-due notice (cycle 1 of 7 days).
await exec(`update invoices set due_date = $1::date - 10 where balance_cents > 0`, [today]);
await exec("update reminder_settings set enabled = false");
log(
  `${POINTS.length} × ${ROUNDS} companies with ${REMINDERS} overdue invoice(s) each, and ${POINTS.length} × ${COMBINED_ROUNDS} combining with ${COMBINED} of one customer, in ${zone}`,
);

const rounds: Round[] = [];
const started = Date.now();
for (let i = 0; i < Math.max(ROUNDS, COMBINED_ROUNDS); i++) {
  for (const point of POINTS) {
    for (const combined of [false, true]) {
      const companyId = (combined ? combinedOf : companiesOf).get(point)?.[i];
      if (!companyId) continue;
      const round = `${combined ? "combined " : ""}round ${i + 1}`;
      const t0 = Date.now();
      const killed = await planAndKill(point, companyId, round);
      await recoverDeadWorkersJobs();
      // The next minute's cron run would queue it; a plan of a company already planned decides nothing.
      await boss.send(REMINDER_PLAN, { companyId }, { singletonKey: companyId });
      await untilSent(`${round} ${point}`, companyId, combined ? COMBINED : REMINDERS);
      rounds.push({ point, companyId, killed, seconds: (Date.now() - t0) / 1000, combined });
      log(
        `${round}/${combined ? COMBINED_ROUNDS : ROUNDS} ${point}: killed ${killed}, ${((Date.now() - t0) / 1000).toFixed(1)} s`,
      );
    }
  }
}

// --- Unaided: a kill mid-planning, then only the worker, its cron and pg-boss's own expiry. ---
// The company's plan job stays active after the kill; the next plan jobs the cron queues wait
// behind it until pg-boss's maintenance expires it (reminder-plan: 2 minutes, maintenance every
// minute). Timed from the kill to the reminder recorded sent: the bound on "within 5 minutes of
// the window opening" after a crash.
const unaided: Round[] = [];
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
    await untilSent(round, companyId, REMINDERS, 10 * 60_000);
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
const results = await countPoints(exec, POINTS, companiesOf, rounds, byMessageId);
const combinedResults = await countCombined(exec, POINTS, combinedOf, rounds, mail.messages());
const result = {
  date: new Date().toISOString().slice(0, 10),
  command: "npm run bench:reminders-crash",
  machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version, load: loadavg() },
  settings: {
    rounds: ROUNDS,
    remindersPerRound: REMINDERS,
    combinedRounds: COMBINED_ROUNDS,
    invoicesPerCombinedRound: COMBINED,
    zone,
  },
  minutes: +((Date.now() - started) / 60_000).toFixed(1),
  sandbox: { messages: mail.messages().length, distinctMessageIds: byMessageId.size },
  points: results,
  combined: combinedResults,
  unaided: {
    point: "plan-before-commit",
    rounds: unaided.length,
    killed: unaided.filter((r) => r.killed).length,
    secondsFromKillToSent: unaided.map((r) => +r.seconds.toFixed(1)),
  },
};
printTable(results);
printCombinedTable(combinedResults);
mkdirSync(path.join(here, "results"), { recursive: true });
writeFileSync(path.join(here, "results", "reminders-crash.json"), `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result, null, 2));
await boss.stop({ graceful: false, wait: true });
await db.end();
await mail.close();
await server.stop();
rmSync(dataDir, { recursive: true, force: true });
process.exit(failed(results, unaided, combinedResults) ? 1 : 0);
