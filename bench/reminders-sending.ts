/**
 * The sending half of bench/reminders.bench.ts: companies planned on their first day, then the
 * app's worker running only the send jobs into the mail sink, against the floor: the same number
 * of emails of the same size through the app's pooled transport alone, all at once.
 */
import { planCompany } from "@recoup/api/modules/reminders";
import { until } from "@recoup/api/testing";
import {
  createMailer,
  SEND_BATCH_SIZE,
  SEND_CONCURRENCY,
  SEND_REMINDER,
  SEND_REMINDER_DEAD,
  SMTP_MAX_CONNECTIONS,
} from "@recoup/api/testing/internals";
import type { MailSink } from "./mail-sink-client.ts";
import { cpuMs } from "./process-cpu.ts";
import type { ReminderBenchApp } from "./reminders-bench-app.ts";
import { generateReminderCompanies } from "./reminders-data.ts";
import { clearOutbox } from "./reminders-planning.ts";
import { loadAverage, log, secondsSince } from "./util.ts";

export const TARGET_EMAILS_PER_SECOND = 500;

export async function runSending(
  b: ReminderBenchApp,
  sink: MailSink,
  o: { companies: number; invoices: number; zone: string; today: string; combine?: boolean },
) {
  const { exec, ctx } = b;
  const data = await generateReminderCompanies(exec, {
    companies: o.companies,
    invoices: o.invoices,
    timezone: o.zone,
    today: o.today,
    history: false,
    label: "send",
    combine: o.combine ?? false,
  });
  await clearOutbox(b);
  // The planning runs' outbox rows were deleted just now: what autovacuum would soon do on
  // PostgreSQL is done here (PGlite has none), so the sends do not wade through them.
  await exec("vacuum analyze");
  let decided = 0;
  for (const id of data.ids) {
    const outcome = await planCompany(ctx, id);
    if (outcome.outcome === "planned") decided += outcome.decided;
  }
  // One email per group (a customer's reminders, when combining) and per lone reminder.
  const { emails } = await b.one<{ emails: number }>(
    `select count(distinct coalesce(group_id, id))::int as emails from reminders
     where company_id = any($1::uuid[]) and status = 'queued'`,
    [data.ids],
  );
  log(`send: ${decided} reminders queued for ${o.companies} companies, ${emails} emails`);
  await sink.command("clear");
  const progress = async () =>
    b.one<{ queued: number; sent: number; failed: number; attempts: number }>(
      `select count(*) filter (where status = 'queued')::int as queued, count(*) filter (where status = 'sent')::int as sent,
         count(*) filter (where status = 'failed')::int as failed, coalesce(sum(attempts), 0)::int as attempts
       from reminders where company_id = any($1::uuid[])`,
      [data.ids],
    );
  const loadBefore = loadAverage();
  const cpuBefore = { worker: cpuMs(process.pid), sandbox: cpuMs(sink.pid), database: b.databaseCpuMs() };
  const t0 = performance.now();
  await ctx.queue.work([SEND_REMINDER, SEND_REMINDER_DEAD]);
  // Watched through the sink (its own process) until every email is in, the database read only
  // then and every 5 s (a failed send leaves the sink short): a count over the reminders every
  // 250 ms cost the embedded database, on the worker's own thread, 3% of the send.
  let polls = 0;
  const p = await until(
    async () => {
      const inSink = (await sink.command<{ count: number }>("count")).count;
      if (inSink < emails && ++polls % 20 !== 0) return false;
      const now = await progress();
      return now.queued === 0 && now;
    },
    60 * 60_000,
    { what: "the send queue drained", intervalMs: 250 },
  );
  const seconds = secondsSince(t0);
  const cpuPerEmail = {
    workerMs: +((cpuMs(process.pid) - cpuBefore.worker) / emails).toFixed(2),
    sandboxMs: +((cpuMs(sink.pid) - cpuBefore.sandbox) / emails).toFixed(2),
    ...(b.measuresDatabase
      ? { databaseMs: +((b.databaseCpuMs() - cpuBefore.database) / emails).toFixed(2) }
      : {}),
  };
  const inbox = await sink.command<{ count: number; distinct: number; duplicates: unknown[] }>("stats");
  const sample = await sink.command<{ subject: string; text: string; html: string }>("sample");
  const app = {
    reminders: decided,
    emails,
    ...p,
    seconds,
    emailsPerSecond: Math.round(emails / seconds),
    /** Reminders (invoices) recorded sent per second: the same as emails/s unless combining. */
    invoicesPerSecond: Math.round(decided / seconds),
    cpuPerEmail,
    inbox: { count: inbox.count, distinctMessageIds: inbox.distinct, duplicates: inbox.duplicates.length },
    load: { before: loadBefore, after: loadAverage() },
  };
  log("send", app);
  await ctx.queue.boss.offWork(SEND_REMINDER);

  // Floor: the app's pooled transport alone, the same number of emails of the same size (the
  // sample is the last email received: a combined one when combining).
  await sink.command("clear");
  const mailer = createMailer(sink.smtpUrl, b.config.mailFrom);
  const floorCpu = { worker: cpuMs(process.pid), sandbox: cpuMs(sink.pid) };
  const tf = performance.now();
  await Promise.all(
    Array.from({ length: emails }, (_, i) =>
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
    workerMs: +((cpuMs(process.pid) - floorCpu.worker) / emails).toFixed(2),
    sandboxMs: +((cpuMs(sink.pid) - floorCpu.sandbox) / emails).toFixed(2),
  };
  mailer.close();
  const floorInbox = await sink.command<{ count: number }>("count");
  const floor = {
    emails,
    seconds: floorSeconds,
    emailsPerSecond: Math.round(emails / floorSeconds),
    cpuPerEmail: floorCpuPerEmail,
    inbox: floorInbox.count,
  };
  log("send floor", floor);
  return {
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
