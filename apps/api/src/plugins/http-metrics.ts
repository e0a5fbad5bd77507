import type { FastifyInstance } from "fastify";
import type { Metrics } from "../lib/metrics.ts";

/**
 * Every answer counted and timed by its route's pattern (`/v1/invoices/:id`, never the URL, so
 * ids and queries make no new series) and status; `unmatched` for a path no route serves.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics) {
  app.addHook("onResponse", async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? "unmatched",
      status: String(reply.statusCode),
    };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
  });
}
