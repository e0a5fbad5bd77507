import { createServer, type Server } from "node:http";
import type { AppContext } from "../../context.ts";
import { METRICS_PATH } from "./metrics.routes.ts";

/**
 * What the metrics read at scrape time: the job queue's depth (one query) and the PostgreSQL
 * pools, the app's and pg-boss's. Turned on only in a process that serves its metrics.
 */
export function observeProcess(ctx: AppContext) {
  ctx.metrics.observe({
    backend: ctx.database.kind,
    queues: () => ctx.queue.depths(),
    pools: () => {
      const app = ctx.database.pool?.();
      const queue = ctx.queue.poolFigures();
      return { ...(app ? { app } : {}), ...(queue ? { queue } : {}) };
    },
  });
}

/**
 * The metrics on a port of their own (METRICS_PORT), without a token: for a port only the
 * scraper can reach (a private network, a firewall rule). Answers `GET /metrics`, 404 otherwise.
 */
export async function startMetricsListener(
  ctx: AppContext,
  port: number,
  host: string,
): Promise<{ server: Server; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (req.method !== "GET" || path !== METRICS_PATH) {
      res.writeHead(404, { "content-type": "text/plain" }).end("Not found\n");
      return;
    }
    ctx.metrics.exposition().then(
      ({ contentType, body }) => res.writeHead(200, { "content-type": contentType }).end(body),
      (err: unknown) => {
        console.error("metrics: scrape failed:", err instanceof Error ? err.message : err);
        res.writeHead(500, { "content-type": "text/plain" }).end("Scrape failed\n");
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return {
    server,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
