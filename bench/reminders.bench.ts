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
 *
 * `BENCH_COMBINE=1`: the companies combine a customer's reminders into one email (decision 0021;
 * off otherwise, as before the setting). The data gives each customer 10 open invoices spread over
 * the due dates, so a first day's sending gives most customers several reminders at once; emails/s
 * and invoices/s (reminders recorded sent per second) are both reported.
 *
 * Here the setup and the report; the app in bench/reminders-bench-app.ts, the two halves in
 * bench/reminders-planning.ts and bench/reminders-sending.ts.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import path from "node:path";
import { startMailSink } from "./mail-sink-client.ts";
import { startReminderBenchApp } from "./reminders-bench-app.ts";
import { localDate, zoneInMorning } from "./reminders-data.ts";
import { type PlanRun, runPlanning } from "./reminders-planning.ts";
import { runSending } from "./reminders-sending.ts";
import { log } from "./util.ts";

const postgres = process.env.BENCH_DB === "postgres" || Boolean(process.env.BENCH_DATABASE_URL);
const COMPANIES = Number(process.env.BENCH_COMPANIES ?? (postgres ? 1000 : 100));
const INVOICES = Number(process.env.BENCH_INVOICES ?? 1000);
const SEND_COMPANIES = Number(process.env.BENCH_SEND_COMPANIES ?? 20);
/** Company schedules besides the standard one (0-4): BENCH_SCHEDULES=4 plans with 5 schedules. */
const SCHEDULES = Number(process.env.BENCH_SCHEDULES ?? 0);
/** BENCH_COMBINE=1: 'Combine a customer's reminders into one email' on for every company. */
const COMBINE = process.env.BENCH_COMBINE === "1";
/** Steps to leave out: plan, first-day, send. */
const SKIP = new Set((process.env.BENCH_SKIP ?? "").split(",").filter(Boolean));
const resultsDir = path.join(import.meta.dirname, "results");
mkdirSync(resultsDir, { recursive: true });

// --- The mail sandbox (its own process), the database, the app without its worker. ---
const sink = await startMailSink();
const bench = await startReminderBenchApp(sink.smtpUrl);
const zone = zoneInMorning();
const today = localDate(zone);
log(`companies in ${zone}, local date ${today}`);

// --- Planning ---
const planning: Record<string, unknown> = SKIP.has("plan")
  ? {}
  : await runPlanning(bench, {
      companies: COMPANIES,
      invoices: INVOICES,
      zone,
      today,
      firstDay: !SKIP.has("first-day"),
      schedules: SCHEDULES,
      combine: COMBINE,
    });

// --- Sending ---
const sending = SKIP.has("send")
  ? undefined
  : await runSending(bench, sink, {
      companies: SEND_COMPANIES,
      invoices: INVOICES,
      zone,
      today,
      combine: COMBINE,
    });

const result = {
  date: new Date().toISOString().slice(0, 10),
  command: `${postgres ? "BENCH_DB=postgres " : ""}${SCHEDULES ? `BENCH_SCHEDULES=${SCHEDULES} ` : ""}${COMBINE ? "BENCH_COMBINE=1 " : ""}npx tsx bench/reminders.bench.ts`,
  database: bench.kind,
  machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version },
  settings: {
    companies: COMPANIES,
    invoices: INVOICES,
    sendCompanies: SEND_COMPANIES,
    schedules: SCHEDULES + 1,
    combine: COMBINE,
    zone,
    today,
  },
  planning,
  sending,
};
const name = `reminders-${bench.kind}${SCHEDULES ? `-${SCHEDULES + 1}-schedules` : ""}${COMBINE ? "-combined" : ""}.json`;
writeFileSync(path.join(resultsDir, name), `${JSON.stringify(result, null, 2)}\n`);
printTable();
console.log(JSON.stringify(result, null, 2));
await bench.close();
sink.kill();
bench.removeDataDir();
process.exit(0);

function printTable() {
  const rows: string[][] = [["", "planner", "floor (SQL alone)", "× floor", "decided", "emails"]];
  for (const r of (planning.runs as PlanRun[] | undefined) ?? []) {
    rows.push([
      `plan ${r.companies} × ${r.invoices / r.companies}: ${r.scenario}`,
      `${r.seconds} s`,
      `${r.floor.seconds} s`,
      String(r.vsFloor),
      String(r.decided),
      String(r.emails),
    ]);
  }
  if (sending) {
    rows.push([
      "send (emails/s)",
      String(sending.app.emailsPerSecond),
      String(sending.floor.emailsPerSecond),
      String(sending.vsFloor),
      String(sending.app.reminders),
      String(sending.app.emails),
    ]);
    rows.push(["send (invoices/s)", String(sending.app.invoicesPerSecond), "", "", "", ""]);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const r of rows) console.error(r.map((c, i) => c.padEnd(widths[i]!)).join(" | "));
}
