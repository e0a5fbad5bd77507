import { setTimeout } from "node:timers/promises";
import type pg from "pg";
import PgBoss from "pg-boss";
import type { PoolFigures, QueueDepth } from "../lib/metrics.ts";
import type { Database, DbOrTx, SqlExecutor } from "./client.ts";
import { poolFigures, transactionExecutor } from "./client.ts";

export interface JobDefinition<T> {
  name: string;
  /** Options of the queue, created once at start. */
  queue?: Omit<PgBoss.Queue, "name">;
  /** Run on this schedule (cron, UTC) as well as when sent. */
  cron?: string;
  /**
   * Jobs fetched per poll and run concurrently (default 1). Each job of a batch succeeds or fails
   * (and retries) on its own.
   */
  batchSize?: number;
  /**
   * Batches one process runs at once (default 1), each fetched on its own: the next batch starts
   * while the last one's slowest job finishes.
   */
  concurrency?: number;
  handle(data: T): Promise<void>;
}

/**
 * A job without data, run on a schedule (cron, UTC) by one process per tick. Singleton: one run
 * at a time, so a run that overlaps the next tick's leaves that one to be skipped.
 */
export function scheduledJob(
  name: string,
  cron: string,
  run: () => Promise<void>,
  queue: Omit<PgBoss.Queue, "name"> = {},
): JobDefinition<Record<string, never>> {
  return {
    name,
    cron,
    queue: { policy: "singleton", retryLimit: 0, expireInSeconds: 600, ...queue },
    handle: () => run(),
  };
}

/** Test-only points of the engine where `crashPoint` can stop the process (bench/reminders-crash.ts). */
export type CrashPoint = "plan-before-commit" | "send-before-smtp" | "send-after-smtp" | "send-after-record";
const CRASH_AT = process.env.RECOUP_CRASH_AT;

/**
 * Test-only: when the environment variable RECOUP_CRASH_AT names this point, the process kills
 * itself here with SIGKILL, as a crash or `kill -9` would (nothing after it runs, no handler, no
 * graceful stop). Off, and a no-op, unless that variable is set.
 */
export function crashPoint(point: CrashPoint) {
  if (CRASH_AT !== point) return;
  process.stderr.write(`RECOUP_CRASH_AT: killed at ${point}\n`);
  process.kill(process.pid, "SIGKILL");
}

/**
 * How often pg-boss's maintenance runs (in one process at a time): it fails the active jobs of a
 * dead worker once they expire, so a killed planning run frees its company within its expiry and
 * this (`reminder-plan`, 2 minutes).
 */
const MAINTENANCE = { maintenanceIntervalSeconds: 60 };

/** How long `stop` waits for running jobs, and then again for what a late fetch brought. */
const STOP_WAIT_MS = 10_000;

/**
 * pg-boss on the app's own database: PostgreSQL through its own pool, or PGlite through the
 * embedded client (pg-boss accepts any executor of `$1`-style SQL).
 */
export class JobQueue {
  readonly boss: PgBoss;
  private readonly definitions: JobDefinition<never>[] = [];
  /** Handlers running, and pg-boss's statements in flight on PGlite: what `stop` waits for. */
  private busy = 0;

  constructor(private readonly database: Database) {
    const executor: SqlExecutor = {
      executeSql: (text, values) => this.tracked(database.executor.executeSql(text, values)),
    };
    this.boss =
      database.kind === "postgres"
        ? new PgBoss({ connectionString: database.connectionString!, max: 4, ...MAINTENANCE })
        : new PgBoss({ db: executor, ...MAINTENANCE } as PgBoss.ConstructorOptions);
  }

  private tracked<T>(work: Promise<T>): Promise<T> {
    this.busy++;
    return work.finally(() => this.busy--);
  }

  define<T>(definition: JobDefinition<T>) {
    this.definitions.push(definition as JobDefinition<never>);
  }

  /**
   * Starts the queue. `abandoned`: this process has just opened an embedded database, which no
   * other process can use (decision 0001), so a job still active was running in a process that
   * died (a crash, `kill -9`, a power cut): it is failed now and retried at once, as pg-boss would
   * do only once it expires (15 minutes for a QuickBooks sync).
   */
  async start(opts: { abandoned?: boolean } = {}) {
    this.boss.on("error", (err) => console.error("job queue error:", err.message));
    await this.boss.start();
    if (opts.abandoned) await this.failActive();
    for (const d of this.definitions) {
      // A queue made by an earlier version takes this version's options (expiry, retries).
      if (await this.boss.getQueue(d.name)) await this.boss.updateQueue(d.name, { name: d.name, ...d.queue });
      else await this.boss.createQueue(d.name, { name: d.name, ...d.queue });
      if (d.cron) await this.boss.schedule(d.name, d.cron, {} as never);
    }
  }

  /**
   * Starts handling jobs in this process (the worker, or the API in single-node mode); optionally
   * only some queues. A fetch that fills its batch is followed by the next fetch at once; the
   * polling interval applies only once a queue runs dry.
   */
  async work(only?: readonly string[]) {
    for (const d of this.definitions) {
      if (only && !only.includes(d.name)) continue;
      for (let i = 0; i < (d.concurrency ?? 1); i++) await this.workOne(d);
    }
  }

  private async workOne(d: JobDefinition<never>) {
    const batchSize = d.batchSize ?? 1;
    let workerId = "";
    workerId = await this.boss.work<never>(d.name, { pollingIntervalSeconds: 0.5, batchSize }, (jobs) =>
      this.tracked(this.handle(d, jobs, workerId)),
    );
  }

  private async handle(d: JobDefinition<never>, jobs: PgBoss.Job<never>[], workerId: string) {
    const batchSize = d.batchSize ?? 1;
    if (jobs.length === batchSize) this.boss.notifyWorker(workerId);
    if (batchSize === 1) {
      if (jobs[0]) await d.handle(jobs[0].data);
      return;
    }
    // A failed job is failed alone; pg-boss then completes the batch's others.
    await Promise.all(
      jobs.map(async (job) => {
        try {
          await d.handle(job.data);
        } catch (err) {
          const message = err instanceof Error ? err.message : String(err);
          await this.boss.fail(d.name, job.id, { message });
        }
      }),
    );
  }

  private async failActive() {
    const { rows } = await this.database.executor.executeSql(
      "select name, array_agg(id) as ids from pgboss.job where state = 'active' group by name",
    );
    for (const { name, ids } of rows as { name: string; ids: string[] }[]) {
      for (const id of ids) await this.boss.fail(name, id, { message: "the process running it stopped" });
    }
  }

  /**
   * Every queue's jobs not yet done, in one statement (for /metrics, at scrape time): ready to run
   * (created or retry, start time passed), deferred, active; and how long the oldest ready job
   * has waited since it could run.
   */
  async depths(): Promise<QueueDepth[]> {
    const { rows } = await this.database.executor.executeSql(
      `select name,
         count(*) filter (where state in ('created', 'retry') and start_after <= now())::int as queued,
         count(*) filter (where state in ('created', 'retry') and start_after > now())::int as deferred,
         count(*) filter (where state = 'active')::int as active,
         coalesce(extract(epoch from now() - min(start_after) filter (
           where state in ('created', 'retry') and start_after <= now())), 0)::float8 as oldest
       from pgboss.job where state < 'completed' group by name`,
      [],
    );
    const found = new Map(
      (rows as { name: string; queued: number; deferred: number; active: number; oldest: number }[]).map(
        (r) => [r.name, r],
      ),
    );
    // Every defined queue, empty ones at 0, so a dashboard's series do not come and go.
    const names = new Set([...this.definitions.map((d) => d.name), ...found.keys()]);
    return [...names].map((queue) => {
      const r = found.get(queue);
      return {
        queue,
        queued: r?.queued ?? 0,
        deferred: r?.deferred ?? 0,
        active: r?.active ?? 0,
        oldestSeconds: Number(r?.oldest ?? 0),
      };
    });
  }

  /** pg-boss's own pool on PostgreSQL (it opens one beside the app's); none on PGlite. */
  poolFigures(): PoolFigures | undefined {
    if (this.database.kind !== "postgres") return undefined;
    const { pool } = this.boss.getDb() as { pool?: pg.Pool };
    return pool ? poolFigures(pool) : undefined;
  }

  /** Enqueues; with `tx`, in that transaction, so the job exists only if the change commits. */
  async send<T extends object>(
    name: string,
    data: T,
    opts: { tx?: DbOrTx; singletonKey?: string; startAfter?: number } = {},
  ) {
    return this.boss.send(name, data, {
      singletonKey: opts.singletonKey,
      ...(opts.startAfter ? { startAfter: opts.startAfter } : {}),
      ...(opts.tx ? { db: transactionExecutor(opts.tx) } : {}),
    });
  }

  /**
   * Enqueues many jobs of one queue with one statement; with `tx`, in that transaction, so the
   * jobs exist only if the change commits.
   */
  async insert<T extends object>(
    name: string,
    jobs: readonly { data: T; singletonKey?: string }[],
    opts: { tx?: DbOrTx } = {},
  ) {
    if (jobs.length === 0) return;
    await this.boss.insert(
      jobs.map((j) => ({ name, data: j.data, ...(j.singletonKey ? { singletonKey: j.singletonKey } : {}) })),
      opts.tx ? { db: transactionExecutor(opts.tx) } : {},
    );
  }

  /**
   * Stops taking jobs and waits (10 s at most) for those running. pg-boss returns while a fetch it
   * sent may still be answered with jobs: their handlers, and pg-boss's completion or failure of
   * them, are waited for here too (up to 10 s more), so none reaches a database already closed.
   */
  async stop() {
    await this.boss.stop({ graceful: true, wait: true, timeout: STOP_WAIT_MS });
    const until = Date.now() + STOP_WAIT_MS;
    while (this.busy > 0 && Date.now() < until) await setTimeout(20);
  }
}
