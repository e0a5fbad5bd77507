import { describe, expect, it } from "vitest";
import { Metrics, type QueueDepth } from "./metrics.ts";

const depth = (queue: string, n: number): QueueDepth => ({
  queue,
  queued: n,
  deferred: 0,
  active: 1,
  oldestSeconds: n * 10,
});

describe("Metrics", () => {
  it("reads the queues once per scrape, for both queue gauges, and fresh on the next", async () => {
    const m = new Metrics();
    let reads = 0;
    let querying = false;
    m.observe({
      backend: "postgres",
      queues: async () => {
        reads++;
        querying = true;
        await Promise.resolve();
        querying = false;
        return [depth("send-email", reads)];
      },
      // The scrape's own query must not show as a client waiting for a connection.
      pools: () => ({ app: { total: 3, idle: 2, waiting: querying ? 1 : 0 } }),
    });
    const first = await m.exposition();
    expect(reads).toBe(1);
    expect(first.body).toContain('recoup_job_queue_jobs{queue="send-email",state="queued"} 1');
    expect(first.body).toContain('recoup_job_queue_oldest_seconds{queue="send-email"} 10');
    expect(first.body).toContain('recoup_db_pool_connections{pool="app",state="idle"} 2');
    expect(first.body).toContain('recoup_db_pool_connections{pool="app",state="waiting"} 0');
    expect(first.body).toContain('recoup_db_backend{backend="postgres"} 1');
    const second = await m.exposition();
    expect(reads).toBe(2);
    expect(second.body).toContain('recoup_job_queue_oldest_seconds{queue="send-email"} 20');
  });

  it("keeps each app's figures apart: two instances in one process, same names", async () => {
    const [a, b] = [new Metrics(), new Metrics()];
    a.emailsSent.inc({ kind: "reminder" });
    expect((await a.exposition()).body).toContain('recoup_emails_sent_total{kind="reminder"} 1');
    expect((await b.exposition()).body).not.toContain('recoup_emails_sent_total{kind="reminder"}');
  });
});
