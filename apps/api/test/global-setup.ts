import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { startPgServer } from "./pg-server.ts";

/**
 * With TEST_DB=postgres and no TEST_DATABASE_URL, start a throwaway server for the whole run.
 * On PGlite, make one cluster with the migrations and the job queue's schema applied, once: a new
 * cluster (initdb in a child process) and its migrations cost 3 to 7 s on this machine, and the
 * suite makes a few dozen test apps. Fresh start-up itself stays tested where buildApp is called on
 * an empty DATA_DIR (platform and account-security tests). What is provided here is declared where
 * test apps read it (test/kit/app.ts).
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DB !== "postgres") {
    project.provide("pgServerUrl", undefined);
    const dataDir = mkdtempSync(path.join(tmpdir(), "recoup-template-"));
    const { app } = await buildApp(
      loadConfig({
        NODE_ENV: "test",
        LOG_LEVEL: "silent",
        DATA_DIR: dataDir,
        SMTP_URL: "smtp://127.0.0.1:9",
      }),
    );
    await app.ready();
    await app.close();
    project.provide("pgliteTemplate", path.join(dataDir, "pglite"));
    return () => rmSync(dataDir, { recursive: true, force: true });
  }
  project.provide("pgliteTemplate", undefined);
  if (process.env.TEST_DATABASE_URL) {
    project.provide("pgServerUrl", process.env.TEST_DATABASE_URL);
    return;
  }
  const server = await startPgServer();
  project.provide("pgServerUrl", server.url);
  return () => server.stop();
}
