/** Prometheus metrics (decision 0024): the app's /metrics route and a listener of their own. */

export { metricsRoutes } from "./metrics.routes.ts";
export { observeProcess, startMetricsListener } from "./metrics-listener.ts";
