import type { TestProject } from "vitest/node";
import { startPgServer } from "./pg-server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    pgServerUrl: string | undefined;
  }
}

/** With TEST_DB=postgres and no TEST_DATABASE_URL, start a throwaway server for the whole run. */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DB !== "postgres") {
    project.provide("pgServerUrl", undefined);
    return;
  }
  if (process.env.TEST_DATABASE_URL) {
    project.provide("pgServerUrl", process.env.TEST_DATABASE_URL);
    return;
  }
  const server = await startPgServer();
  project.provide("pgServerUrl", server.url);
  return () => server.stop();
}
