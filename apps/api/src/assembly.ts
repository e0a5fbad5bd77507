/**
 * The composition root: the services of `context.ts` with the ports that live above the modules
 * using them, and every job with its handler. The API process (`app.ts`) and `worker.ts` both
 * start here, so every process can run every job.
 */
import type { Config } from "./config.ts";
import { type AppContext, createContext } from "./context.ts";
import type { Database } from "./db/client.ts";
import { vacuumEngineTables } from "./db/maintenance.ts";
import { BILLING_EVENTS_KEPT_DAYS, billingEventsPruneJob } from "./jobs/billing-events-prune.ts";
import { billingProvisionJob } from "./jobs/billing-provision.ts";
import { billingSyncJob } from "./jobs/billing-sync.ts";
import { dbMaintenanceJob } from "./jobs/db-maintenance.ts";
import { deliverCodeJob } from "./jobs/deliver-code.ts";
import { deliverLoginCodeJob } from "./jobs/deliver-login-code.ts";
import { safetySyncJob } from "./jobs/qbo-safety-sync.ts";
import { qboSyncJob } from "./jobs/qbo-sync.ts";
import { rateCountersPruneJob } from "./jobs/rate-counters-prune.ts";
import { reminderPlanJob } from "./jobs/reminder-plan.ts";
import { reminderPlannerJob } from "./jobs/reminder-planner.ts";
import { sendEmailJob } from "./jobs/send-email.ts";
import { sendReminderDeadJob, sendReminderJob } from "./jobs/send-reminder.ts";
import { sendStatementJob } from "./jobs/send-statement.ts";
import { statementPlannerJob } from "./jobs/statement-planner.ts";
import { deliverCode, deliverLoginCode, pruneCounters } from "./modules/auth/index.ts";
import {
  billingGate,
  provisionSubscription,
  pruneBillingEvents,
  syncSubscription,
} from "./modules/billing/index.ts";
import { mailboxIntake } from "./modules/communications/index.ts";
import { type MailboxReaders, type ReadersOptions, startMailboxReaders } from "./modules/mailbox/index.ts";
import { callBudget, runSafetySync, runSync } from "./modules/quickbooks/index.ts";
import { deliverBatch, markUndelivered, planAll, planCompany } from "./modules/reminders/index.ts";
import { deliverStatement, planStatements } from "./modules/statements/index.ts";

/** The services with their ports plugged in and every job registered. */
export function assemble(config: Config, database: Database): AppContext {
  const ctx = createContext(config, database, { gate: billingGate });
  // Intuit's per-realm limits, counted in the database for every process (decision 0025).
  ctx.qbo.api.gate = callBudget(ctx.db);
  registerJobs(ctx);
  return ctx;
}

/** Services only import a job's name and enqueue function; handlers are bound here. */
function registerJobs(ctx: AppContext) {
  const { config } = ctx;
  ctx.queue.define(sendEmailJob(ctx.mailer, ctx.mailSealer));
  ctx.queue.define(deliverCodeJob((purpose, email) => deliverCode(ctx, purpose, email)));
  ctx.queue.define(deliverLoginCodeJob((job) => deliverLoginCode(ctx, job)));
  ctx.queue.define(qboSyncJob(ctx, (companyId, mode) => runSync(ctx, companyId, mode)));
  ctx.queue.define(safetySyncJob(config.quickbooks.safetySyncMinutes, () => runSafetySync(ctx)));
  ctx.queue.define(sendReminderDeadJob((ids) => markUndelivered(ctx, ids)));
  ctx.queue.define(sendReminderJob((ids) => deliverBatch(ctx, ids)));
  ctx.queue.define(reminderPlanJob((companyId) => planCompany(ctx, companyId)));
  ctx.queue.define(sendStatementJob((id) => deliverStatement(ctx, id)));
  ctx.queue.define(billingProvisionJob((companyId) => provisionSubscription(ctx, companyId)));
  ctx.queue.define(billingSyncJob((companyId) => syncSubscription(ctx, companyId)));
  ctx.queue.define(
    billingEventsPruneJob(async () => {
      await pruneBillingEvents(ctx.db, new Date(ctx.now().getTime() - BILLING_EVENTS_KEPT_DAYS * 86_400_000));
    }),
  );
  ctx.queue.define(rateCountersPruneJob(() => pruneCounters(ctx.db)));
  if (ctx.database.kind === "pglite") ctx.queue.define(dbMaintenanceJob(() => vacuumEngineTables(ctx.db)));
  ctx.queue.define(
    reminderPlannerJob(async () => {
      await planAll(ctx);
    }),
  );
  ctx.queue.define(
    statementPlannerJob(async () => {
      await planStatements(ctx);
    }),
  );
}

/**
 * The readers of the companies' mailboxes (decision 0020), for a process that works (RUN_WORKER, or
 * worker.ts): each message goes through the same inbound pipeline as the relay's POST.
 */
export function startMailboxReading(ctx: AppContext, opts: ReadersOptions = {}): MailboxReaders {
  return startMailboxReaders(ctx, mailboxIntake(ctx), opts);
}
