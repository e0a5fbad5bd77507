import { scheduledJob } from "../db/job-queue.ts";

export const DB_MAINTENANCE = "db-maintenance";

/**
 * Every ten minutes, on the embedded database only (PostgreSQL has autovacuum): vacuums the
 * tables the engine rewrites.
 */
export const dbMaintenanceJob = (run: () => Promise<void>) =>
  scheduledJob(DB_MAINTENANCE, "*/10 * * * *", run);
