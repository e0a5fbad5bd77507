import closeWithGrace from "close-with-grace";
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { startLocalSandboxes } from "./local-sandboxes.ts";

try {
  const sandboxes = await startLocalSandboxes(process.env);
  const config = loadConfig(process.env);
  const { app } = await buildApp(config);
  closeWithGrace({ delay: 15_000 }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, "shutting down after an error");
    else app.log.info({ signal }, "shutting down");
    await app.close();
    await sandboxes.close();
  });
  await app.listen({ port: config.port, host: config.host });
  const lines = [
    `Recoup is running at ${config.appUrl}`,
    `  database: ${config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${config.dataDir}`}`,
    `  API docs: ${config.appUrl}/docs`,
    ...sandboxes.banner,
  ];
  console.log(`\n${lines.join("\n")}\n`);
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
