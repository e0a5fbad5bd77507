import closeWithGrace from "close-with-grace";
import { assemble, startMailboxReading } from "./assembly.ts";
import { loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { observeProcess, startMetricsListener } from "./modules/metrics/index.ts";

/** A worker without HTTP, for scale-out: any number of these share the queue in PostgreSQL. */
const config = loadConfig();
if (!config.databaseUrl) {
  console.error("The worker needs DATABASE_URL: the embedded database runs jobs inside the API process.");
  process.exit(1);
}
if (!config.smtpUrl) {
  console.error("The worker needs SMTP_URL to send email.");
  process.exit(1);
}
const database = await openDatabase(config);
const ctx = assemble(config, database);
const { queue } = ctx;
await queue.start();
await queue.work();
const mailboxes = startMailboxReading(ctx);
// No HTTP here: a worker's metrics are served only on a port of their own.
const metricsPort = config.metrics?.port;
if (config.metrics?.token && metricsPort === undefined)
  console.warn("METRICS_TOKEN is for an API process's /metrics: set METRICS_PORT to scrape this worker.");
if (metricsPort !== undefined) observeProcess(ctx);
const metrics =
  metricsPort === undefined ? undefined : await startMetricsListener(ctx, metricsPort, config.host);
console.log(
  `Recoup worker running.${metrics ? ` Metrics: http://${config.host}:${metricsPort}/metrics` : ""}`,
);
closeWithGrace({ delay: 15_000 }, async () => {
  await metrics?.close();
  await mailboxes.stop();
  await queue.stop();
  ctx.mailer?.close();
  await database.close();
});
