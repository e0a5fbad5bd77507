import { z } from "zod";
import type { JobDefinition } from "../db/job-queue.ts";

export const DB_MAINTENANCE = "db-maintenance";
export const dbMaintenancePayload = z.object({}).passthrough();

/**
 * Every ten minutes, on the embedded database only (PostgreSQL has autovacuum): vacuums the
 * tables the engine rewrites. One run at a time; an overlapping one is skipped.
 */
export function dbMaintenanceJob(run: () => Promise<void>): JobDefinition<Record<string, never>> {
  return {
    name: DB_MAINTENANCE,
    cron: "*/10 * * * *",
    queue: { policy: "singleton", retryLimit: 0, expireInSeconds: 600 },
    handle: async (data) => {
      dbMaintenancePayload.parse(data ?? {});
      await run();
    },
  };
}
