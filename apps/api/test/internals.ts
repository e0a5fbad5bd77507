/**
 * The declared kit of internals that benchmarks and kill tests drive directly (job names, the
 * queue's crash points, the SMTP client, the database opener): everything else they use goes
 * through a module's public surface (`@recoup/api/modules/<name>`).
 */

export { type Database, openDatabase } from "../src/db/client.ts";
export type { CrashPoint } from "../src/db/job-queue.ts";
export { jsonRows, jsonRowsInsert, setFromExcluded } from "../src/db/json-rows.ts";
export { createPglite, PGLITE_START_PARAMS } from "../src/db/pglite-open.ts";
export { PgliteThread } from "../src/db/pglite-thread.ts";
export { PrivateNodeFS } from "../src/db/private-node-fs.ts";
export { addressOf, createMailer, SMTP_MAX_CONNECTIONS } from "../src/integrations/mail/mailer.ts";
export { QboApi } from "../src/integrations/quickbooks/qbo-api.ts";
export { BILLING_EVENTS_PRUNE } from "../src/jobs/billing-events-prune.ts";
export { DB_MAINTENANCE } from "../src/jobs/db-maintenance.ts";
export { enqueueSync, QBO_SYNC } from "../src/jobs/qbo-sync.ts";
export { REMINDER_PLAN, REMINDER_PLAN_CONCURRENCY } from "../src/jobs/reminder-plan.ts";
export { REMINDER_PLANNER } from "../src/jobs/reminder-planner.ts";
export { enqueueEmail } from "../src/jobs/send-email.ts";
export {
  SEND_ATTEMPTS,
  SEND_BATCH_SIZE,
  SEND_CONCURRENCY,
  SEND_REMINDER,
  SEND_REMINDER_DEAD,
} from "../src/jobs/send-reminder.ts";
export { registerCompression } from "../src/plugins/compression.ts";
