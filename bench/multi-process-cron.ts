/**
 * bench/multi-process.ts's cron check: every process (both API processes, both workers and the
 * bench's own app) runs pg-boss's clock; each cron queue must get one job per tick of its
 * schedule, not one per process. Counted from pg-boss's tables (jobs still
 * in `pgboss.job` and those moved to `pgboss.archive`), by the minute each was created in.
 */
type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** The cron queues on PostgreSQL and their schedules (apps/api/src/jobs/*.ts; db-maintenance is PGlite's). */
export const cronQueues = (safetySyncMinutes: number) => ({
  "reminder-planner": "* * * * *",
  "statement-planner": "*/5 * * * *",
  "qbo-safety-sync": safetySyncMinutes < 60 ? `*/${safetySyncMinutes} * * * *` : "0 * * * *",
  "billing-events-prune": "17 3 * * *",
  "rate-counters-prune": "29 3 * * *",
});

/** Whether a minute (UTC) is a tick of a cron of the forms used here (`* …`, `*\/n …`, `m h …`, `m * …`). */
function ticks(cron: string, minute: Date) {
  const [m, h] = cron.split(" ");
  const matches = (field: string, value: number) =>
    field === "*" ||
    (field.startsWith("*/") ? value % Number(field.slice(2)) === 0 : Number(field) === value);
  return matches(m!, minute.getUTCMinutes()) && matches(h!, minute.getUTCHours());
}

/**
 * Per cron queue, over [from, to]: the ticks expected (whole minutes inside the window), the jobs
 * created, and the ticks with no job or with more than one.
 */
export interface CronResult {
  cron: string;
  ticks: number;
  jobs: number;
  maxJobsInOneMinute: number;
  ticksWithoutAJob: string[];
  minutesWithMoreThanOneOrOffTick: string[];
  pass: boolean;
}

export async function cronPerTick(query: Query, queues: Record<string, string>, from: Date, to: Date) {
  const result: Record<string, CronResult> = {};
  for (const [name, cron] of Object.entries(queues)) {
    const { rows } = await query(
      `select to_char(date_trunc('minute', created_on), 'YYYY-MM-DD"T"HH24:MI') as minute, count(*)::int as jobs
       from (select created_on from pgboss.job where name = $1 union all select created_on from pgboss.archive where name = $1) j
       where created_on between $2 and $3 group by 1 order by 1`,
      [name, from, to],
    );
    const byMinute = new Map(rows.map((r) => [r.minute as string, r.jobs as number]));
    const expected: string[] = [];
    // Ticks whose minute lies wholly inside the window (the first and last minutes may be cut).
    for (let t = Math.ceil(from.getTime() / 60_000) * 60_000; t + 60_000 <= to.getTime(); t += 60_000) {
      if (ticks(cron, new Date(t))) expected.push(new Date(t).toISOString().slice(0, 16));
    }
    const missing = expected.filter((m) => !byMinute.has(m));
    const extra = [...byMinute].filter(([m, n]) => n > 1 || !ticks(cron, new Date(`${m}:00Z`)));
    result[name] = {
      cron,
      ticks: expected.length,
      jobs: rows.reduce((n, r) => n + (r.jobs as number), 0),
      maxJobsInOneMinute: Math.max(0, ...byMinute.values()),
      ticksWithoutAJob: missing,
      minutesWithMoreThanOneOrOffTick: extra.map(([m, n]) => `${m}: ${n}`),
      pass: missing.length === 0 && extra.length === 0,
    };
  }
  return result;
}
