import closeWithGrace from "close-with-grace";
import { buildApp } from "./app.ts";
import { type Config, ConfigError, loadConfig } from "./config.ts";
import { releaseStartupMemory } from "./lib/startup-memory.ts";
import { type LocalSandboxes, portInUseError, wireLocalSandboxes } from "./local-sandboxes.ts";

let sandboxes: LocalSandboxes | undefined;
try {
  sandboxes = await wireLocalSandboxes(process.env);
  const config = loadConfig(sandboxes.env);
  const { app } = await buildApp(config).catch((error: unknown) => {
    throw portInUseError(error, config.metrics?.port ?? 0, "METRICS_PORT", "the metrics listener");
  });
  closeWithGrace({ delay: 15_000 }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, "shutting down after an error");
    else app.log.info({ signal }, "shutting down");
    await app.close();
    await sandboxes?.close();
  });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    throw portInUseError(error, config.port, "PORT", "the app");
  }
  const lines = [
    `Recoup is running at ${config.appUrl}`,
    `  runtime: Node ${process.version}`,
    `  database: ${config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${config.dataDir}${config.pgliteThread ? ", in a thread of its own" : ", on the app's thread (PGLITE_THREAD=false)"}`}`,
    `  API docs: ${config.appUrl}/docs`,
    ...(config.metrics ? [`  metrics: ${metricsWhere(config)}`] : []),
    `  generated drafts: ${config.drafts.model ? `${config.drafts.model.provider} (${config.drafts.model.model}), checked against the records` : "the built-in composer"}`,
    ...sandboxes.banner,
  ];
  console.log(`\n${lines.join("\n")}\n`);
  releaseStartupMemory();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    await sandboxes?.close();
    process.exit(1);
  }
  throw err;
}

/** Where /metrics is served: on the app's port behind the token, and/or on METRICS_PORT. */
function metricsWhere(config: Config): string {
  const { token, port } = config.metrics!;
  return [
    ...(token ? [`${config.appUrl}/metrics (Authorization: Bearer $METRICS_TOKEN)`] : []),
    ...(port !== undefined ? [`http://${config.host}:${port}/metrics`] : []),
  ].join(", ");
}
