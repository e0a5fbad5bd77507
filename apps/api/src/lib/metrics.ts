/**
 * The app's Prometheus metrics (decision 0024): one registry per app instance (tests build several
 * apps in one process; prom-client's global registry would refuse a second set of the same names),
 * on the AppContext, so every layer that counts something is handed the same one. What is read at
 * scrape time (queue depth, pool figures) comes from `ScrapeSources`, plugged in by the context.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/** One queue's jobs now: ready to run, waiting for their start time, running; the oldest ready one's age. */
export interface QueueDepth {
  queue: string;
  queued: number;
  deferred: number;
  active: number;
  oldestSeconds: number;
}

/** A node-postgres pool's connections (`pg.Pool` totalCount, idleCount, waitingCount). */
export interface PoolFigures {
  total: number;
  idle: number;
  waiting: number;
}

/** What the metrics read when they are scraped, once per scrape. */
export interface ScrapeSources {
  backend: "pglite" | "postgres";
  queues(): Promise<QueueDepth[]>;
  /** Each PostgreSQL pool by name (the app's, pg-boss's); none on PGlite, which has no pool. */
  pools(): Record<string, PoolFigures>;
}

/** Kinds of email, for `recoup_emails_*`: reminders, statements, test sends, and notices (codes, billing). */
export type EmailKind = "reminder" | "statement" | "test" | "notice";

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const RUN_SECONDS = [0.1, 0.5, 1, 5, 15, 30, 60, 120, 300, 600, 1800];
/** Intuit: a quarter of a second for a read, seconds for a 1,000-row page, a 120 s cut-off (decision 0023). */
const QBO_SECONDS = [0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5, 10, 20, 30, 60, 120];

export class Metrics {
  readonly registry = new Registry();
  #defaults = false;
  #scrape: Promise<QueueDepth[]> | undefined;

  readonly httpRequests = this.counter(
    "recoup_http_requests_total",
    "HTTP requests answered, by route pattern and status.",
    ["method", "route", "status"],
  );
  readonly httpDuration = this.histogram(
    "recoup_http_request_duration_seconds",
    "Time to answer HTTP requests, by route pattern and status.",
    ["method", "route", "status"],
    SECONDS,
  );

  readonly syncRuns = this.counter(
    "recoup_quickbooks_sync_runs_total",
    "QuickBooks sync runs, by mode (full, incremental) and outcome.",
    ["mode", "outcome"],
  );
  readonly syncDuration = this.histogram(
    "recoup_quickbooks_sync_duration_seconds",
    "Duration of finished QuickBooks sync runs, by mode.",
    ["mode"],
    RUN_SECONDS,
  );
  readonly syncRecords = this.counter(
    "recoup_quickbooks_sync_records_total",
    "Records a sync wrote (upserted or marked deleted), by entity.",
    ["entity"],
  );
  readonly syncPageWrite = this.histogram(
    "recoup_quickbooks_sync_page_write_seconds",
    "Time to write one page of a sync in its transaction, by entity.",
    ["entity"],
    SECONDS,
  );

  readonly qboRequests = this.counter(
    "recoup_quickbooks_requests_total",
    "Accounting API calls, by operation and status (network: no answer).",
    ["operation", "status"],
  );
  readonly qboDuration = this.histogram(
    "recoup_quickbooks_request_duration_seconds",
    "Accounting API call latency per attempt, by operation.",
    ["operation"],
    QBO_SECONDS,
  );
  readonly qboThrottled = this.counter(
    "recoup_quickbooks_throttled_total",
    "Accounting API answers 429 (Intuit's rate limit).",
    [],
  );
  readonly qboRetries = this.counter(
    "recoup_quickbooks_retries_total",
    "Accounting API calls retried after a backoff, by cause (429, 5xx, network).",
    ["reason"],
  );

  readonly emailsSent = this.counter(
    "recoup_emails_sent_total",
    "Emails the SMTP server accepted, by kind.",
    ["kind"],
  );
  readonly emailsFailed = this.counter(
    "recoup_emails_failed_total",
    "Emails the SMTP server refused or could not be reached for (each attempt), by kind.",
    ["kind"],
  );
  readonly emailsBounced = this.counter(
    "recoup_emails_bounced_total",
    "Bounces (delivery status notifications) received for sent emails.",
    [],
  );
  readonly remindersPlanned = this.counter(
    "recoup_reminders_planned_total",
    "Reminders the planner decided to send.",
    [],
  );
  readonly planningRuns = this.counter(
    "recoup_reminder_planning_runs_total",
    "Reminder planning runs of a company, by outcome.",
    ["outcome"],
  );
  readonly inbound = this.counter(
    "recoup_inbound_messages_total",
    "Inbound messages stored in a thread, by source (relay, imap) and kind (reply, auto_reply, bounce, ...).",
    ["source", "kind"],
  );
  readonly inboundIgnored = this.counter(
    "recoup_inbound_ignored_total",
    "Inbound messages not stored as new, by source and reason.",
    ["source", "reason"],
  );
  readonly drafts = this.counter(
    "recoup_drafts_total",
    "Generated drafts, by configured provider and outcome (composer, accepted, guarded, timeout, failed).",
    ["provider", "outcome"],
  );

  /**
   * Process figures (prom-client's defaults: CPU, memory, event loop, GC) and what is read at
   * scrape time. Only for an app that serves its metrics: the defaults keep an event-loop monitor.
   */
  observe(sources: ScrapeSources) {
    if (this.#defaults) return;
    this.#defaults = true;
    collectDefaultMetrics({ register: this.registry });
    const backend = new Gauge({
      name: "recoup_db_backend",
      help: "The database: pglite (embedded, no pool) or postgres.",
      labelNames: ["backend"],
      registers: [this.registry],
    });
    backend.set({ backend: sources.backend }, 1);
    // Registered before the queue gauges, so it reads the pools before the scrape's own query
    // takes a connection (prom-client starts each metric's collect in registration order).
    new Gauge({
      name: "recoup_db_pool_connections",
      help: "PostgreSQL pool connections (total, idle, waiting clients), per pool; absent on PGlite.",
      labelNames: ["pool", "state"],
      registers: [this.registry],
      collect() {
        this.reset();
        for (const [pool, f] of Object.entries(sources.pools()))
          for (const state of ["total", "idle", "waiting"] as const) this.set({ pool, state }, f[state]);
      },
    });
    // prom-client collects every metric at once: the two queue gauges share one query per scrape.
    const depths = () => {
      this.#scrape ??= sources.queues().finally(() => {
        this.#scrape = undefined;
      });
      return this.#scrape;
    };
    new Gauge({
      name: "recoup_job_queue_jobs",
      help: "Jobs per queue: queued (ready), deferred (start later), active.",
      labelNames: ["queue", "state"],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const q of await depths())
          for (const state of ["queued", "deferred", "active"] as const)
            this.set({ queue: q.queue, state }, q[state]);
      },
    });
    new Gauge({
      name: "recoup_job_queue_oldest_seconds",
      help: "Age of the oldest job ready to run, per queue (0 when none waits).",
      labelNames: ["queue"],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const q of await depths()) this.set({ queue: q.queue }, q.oldestSeconds);
      },
    });
  }

  /** The text exposition format and its content type. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  private counter<L extends string>(name: string, help: string, labelNames: L[]) {
    return new Counter<L>({ name, help, labelNames, registers: [this.registry] });
  }

  private histogram<L extends string>(name: string, help: string, labelNames: L[], buckets: number[]) {
    return new Histogram<L>({ name, help, labelNames, buckets, registers: [this.registry] });
  }
}

/** Seconds since `performance.now()` read `start`. */
export const secondsSince = (start: number) => (performance.now() - start) / 1000;
