/**
 * The planning half of bench/reminders.bench.ts: companies with months of history planned as the
 * cron's runs plan them, each run against its floor (the planner's own read and the same rows
 * written with one INSERT … SELECT), and the planner's summed-up read checked against the whole
 * history.
 */
import { holdsOn } from "@recoup/api/modules/holds";
import { activePauses } from "@recoup/api/modules/pauses";
import {
  dueReminder,
  findSettings,
  followedSchedules,
  historyByInvoice,
  invoicesToPlan,
  pausesByTarget,
  planAll,
  planGroups,
  remindableInvoices,
  reminderHistory,
  reminderInvoice,
  scheduleSettings,
  sentFromSummary,
  windowState,
} from "@recoup/api/modules/reminders";
import { until } from "@recoup/api/testing";
import { REMINDER_PLAN, REMINDER_PLAN_CONCURRENCY, SEND_REMINDER } from "@recoup/api/testing/internals";
import type { ReminderBenchApp } from "./reminders-bench-app.ts";
import { generateReminderCompanies } from "./reminders-data.ts";
import { loadAverage, log, secondsSince } from "./util.ts";

export const TARGET_PLAN_SECONDS = 20;

export interface PlanRun {
  scenario: string;
  companies: number;
  invoices: number;
  decided: number;
  /** The emails those decisions make: one per group (a customer's, when combining), one per lone decision. */
  emails: number;
  seconds: number;
  perCompanyMs: { p50: number; p95: number; max: number };
  concurrency: number;
  floor: { readSeconds: number; rowsRead: number; writeSeconds: number; seconds: number };
  vsFloor: number;
  load: number[];
}

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

const partition = async (b: ReminderBenchApp, queue: string) =>
  (await b.one<{ p: string }>("select partition_name as p from pgboss.queue where name = $1", [queue])).p;
/** Empties the send queue (the planning runs' jobs are not sent) and drops the outbox rows. */
export async function clearOutbox(b: ReminderBenchApp) {
  await b.exec(`truncate pgboss.${await partition(b, SEND_REMINDER)}`);
  await b.exec("delete from reminders where status = 'queued'");
}

/**
 * One planning run as the cron's runs it: `planAll` (the `reminder-planner` job) queues a
 * `reminder-plan` job per company, the worker runs them (`planCompany`, as many at once as that
 * job's concurrency), timed until the queue is drained. The floor's read runs first, on the same
 * data; its write copies what the run wrote.
 */
async function planEvery(
  b: ReminderBenchApp,
  scenario: string,
  ids: readonly string[],
  invoices: number,
): Promise<PlanRun> {
  const { ctx, one } = b;
  await b.exec("update qbo_connections set last_sync_at = now()");
  const now = new Date();
  ctx.now = () => now;
  const read = await floorRead(b, ids, now);
  const plans = await partition(b, REMINDER_PLAN);
  const t0 = performance.now();
  const { queued } = await planAll(ctx);
  await until(
    async () =>
      (
        await one<{ left: number }>(
          `select count(*)::int as left from pgboss.${plans} where state < 'completed'`,
        )
      ).left === 0,
    60 * 60_000,
    { what: "the planning jobs done", intervalMs: 20 },
  );
  const seconds = secondsSince(t0);
  ctx.now = () => new Date();
  const { decided, emails, jobs, failed } = await one<{
    decided: number;
    emails: number;
    jobs: number;
    failed: number;
  }>(
    `select (select count(*)::int from reminders where decided_at = $1) as decided,
       (select count(distinct coalesce(group_id, id))::int from reminders where decided_at = $1) as emails,
       (select coalesce(sum(jsonb_array_length(data->'reminderIds')), 0)::int from pgboss.${await partition(b, SEND_REMINDER)}
          where created_on >= $1) as jobs,
       (select count(*)::int from pgboss.${plans} where created_on >= $1 and state <> 'completed') as failed`,
    [now],
  );
  if (queued < ids.length || failed > 0 || jobs !== decided) {
    throw new Error(`${queued} plans queued, ${failed} failed; ${decided} decided, ${jobs} in send jobs`);
  }
  const times = (
    await b.client.query(
      `select extract(epoch from completed_on - started_on)::float8 * 1000 as ms from pgboss.${plans}
       where created_on >= $1`,
      [now],
    )
  ).rows.map((r) => r.ms as number);
  const writeSeconds = await floorWrite(b, now);
  const floor = { ...read, writeSeconds, seconds: +(read.readSeconds + writeSeconds).toFixed(2) };
  const run: PlanRun = {
    scenario,
    companies: ids.length,
    invoices,
    decided,
    emails,
    seconds,
    perCompanyMs: stats(times),
    concurrency: REMINDER_PLAN_CONCURRENCY,
    floor,
    vsFloor: +(seconds / floor.seconds).toFixed(2),
    load: loadAverage(),
  };
  log(run);
  return run;
}

/** The floor's read: the planner's read statements (`invoicesToPlan`, `activePauses`) for every company. */
async function floorRead({ ctx }: ReminderBenchApp, ids: readonly string[], now: Date) {
  let rowsRead = 0;
  const t0 = performance.now();
  await pool(ids, REMINDER_PLAN_CONCURRENCY, async (id) => {
    const settings = scheduleSettings((await findSettings(ctx.db, id))!);
    const { today: localToday } = windowState(settings, now);
    const followed = await followedSchedules(ctx.db, id, settings.followUpInterval);
    const rows = await invoicesToPlan(ctx.db, id, { today: localToday, groups: planGroups(followed) });
    await activePauses(ctx.db, id, localToday);
    rowsRead += rows.length;
  });
  return { readSeconds: secondsSince(t0), rowsRead };
}

/** The floor's write: the run's outbox rows and send jobs copied, one INSERT … SELECT each, into tables made like theirs. */
async function floorWrite(b: ReminderBenchApp, now: Date) {
  const { exec, client } = b;
  const jobs = await partition(b, SEND_REMINDER);
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
async function crossCheck({ ctx }: ReminderBenchApp, ids: readonly string[]) {
  const now = new Date();
  let decisions = 0;
  for (const id of ids) {
    const s = (await findSettings(ctx.db, id))!;
    const settings = scheduleSettings(s);
    const { today: localToday } = windowState(settings, now);
    const paused = pausesByTarget(await activePauses(ctx.db, id, localToday));
    const held = await holdsOn(ctx.db, id);
    const key = (invoiceId: string, d: { stage: string; cycle: number; scheduledFor: string } | null) =>
      d ? `${invoiceId} ${d.stage} ${d.cycle} ${d.scheduledFor}` : null;
    const followed = await followedSchedules(ctx.db, id, settings.followUpInterval);
    const stagesOf = (ref: string) => followed.scheduleOf(ref)?.stages;
    const decided = (inv: Parameters<typeof reminderInvoice>[0], sent: Parameters<typeof dueReminder>[3]) => {
      const stages = stagesOf(inv.customerRef);
      return stages ? dueReminder(reminderInvoice(inv, paused, held), settings, now, sent, stages) : null;
    };
    const summed = (await invoicesToPlan(ctx.db, id, { today: localToday, groups: planGroups(followed) }))
      .map((inv) => key(inv.id, decided(inv, sentFromSummary(inv))))
      .filter((k) => k !== null)
      .sort();
    const sent = historyByInvoice(await reminderHistory(ctx.db, id));
    const whole = (await remindableInvoices(ctx.db, id))
      .map((inv) => key(inv.id, decided(inv, sent.get(inv.id) ?? [])))
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

/**
 * `companies` × `invoices` open invoices with their history, planned on a typical day and again
 * the same minute; unless `firstDay` is false, then with no history (a first day) and again.
 */
export async function runPlanning(
  b: ReminderBenchApp,
  o: {
    companies: number;
    invoices: number;
    zone: string;
    today: string;
    firstDay: boolean;
    schedules?: number;
    /** Companies combine a customer's reminders into one email (decision 0021). */
    combine?: boolean;
  },
) {
  const { exec, ctx } = b;
  const planning: Record<string, unknown> = {};
  log(`generating ${o.companies} companies × ${o.invoices} open invoices with their history…`);
  const data = await generateReminderCompanies(exec, {
    companies: o.companies,
    invoices: o.invoices,
    timezone: o.zone,
    today: o.today,
    history: true,
    label: "plan",
    schedules: o.schedules ?? 0,
    combine: o.combine ?? false,
  });
  log(
    `generated in ${data.seconds} s: ${data.open} open of ${data.invoices} invoices, ${data.history} reminders sent`,
  );
  await exec("vacuum analyze");
  await ctx.queue.work([REMINDER_PLAN]);
  const checked = [await crossCheck(b, data.ids.slice(0, 50))];
  const runs = [];
  runs.push(await planEvery(b, "typical day", data.ids, data.open));
  runs.push(await planEvery(b, "the same minute again", data.ids, data.open));
  if (o.firstDay) {
    await exec("truncate reminders cascade");
    await clearOutbox(b);
    await exec("vacuum analyze reminders");
    checked.push(await crossCheck(b, data.ids.slice(0, 50)));
    runs.push(await planEvery(b, "first day (no history)", data.ids, data.open));
    runs.push(await planEvery(b, "first day, the same minute again", data.ids, data.open));
  }
  await clearOutbox(b);
  planning.data = { companies: o.companies, open: data.open, invoices: data.invoices, history: data.history };
  planning.crossCheck = checked;
  planning.runs = runs;
  planning.target = `≤ ${TARGET_PLAN_SECONDS} s at 1,000,000 open invoices (PostgreSQL), 100,000 (PGlite)`;
  return planning;
}
