import type { AppContext } from "../context.ts";
import { vacuumEngineTables } from "../db/maintenance.ts";
import { deliverCode } from "../modules/auth/auth.service.ts";
import { pruneBillingEvents } from "../modules/billing/billing.repository.ts";
import { provisionSubscription, syncSubscription } from "../modules/billing/subscription-sync.service.ts";
import { runSafetySync, runSync } from "../modules/quickbooks/sync.service.ts";
import { planAll, planCompany } from "../modules/reminders/planner.service.ts";
import { deliverBatch, markUndelivered } from "../modules/reminders/send.service.ts";
import { BILLING_EVENTS_KEPT_DAYS, billingEventsPruneJob } from "./billing-events-prune.ts";
import { billingProvisionJob } from "./billing-provision.ts";
import { billingSyncJob } from "./billing-sync.ts";
import { dbMaintenanceJob } from "./db-maintenance.ts";
import { deliverCodeJob } from "./deliver-code.ts";
import { safetySyncJob } from "./qbo-safety-sync.ts";
import { qboSyncJob } from "./qbo-sync.ts";
import { reminderPlanJob } from "./reminder-plan.ts";
import { reminderPlannerJob } from "./reminder-planner.ts";
import { sendEmailJob } from "./send-email.ts";
import { sendReminderDeadJob, sendReminderJob } from "./send-reminder.ts";

/**
 * Every job with its handler, the same for the API process and for `worker.ts`, so every process
 * can run every job. Called where the app is assembled; services only import a job's name and
 * enqueue function, so nothing imports this file but the assembly.
 */
export function registerJobs(ctx: AppContext) {
  const { config } = ctx;
  ctx.queue.define(sendEmailJob(ctx.mailer, ctx.mailSealer));
  ctx.queue.define(deliverCodeJob((purpose, email) => deliverCode(ctx, purpose, email)));
  ctx.queue.define(qboSyncJob(ctx, (companyId, mode) => runSync(ctx, companyId, mode)));
  ctx.queue.define(safetySyncJob(config.quickbooks.safetySyncMinutes, () => runSafetySync(ctx)));
  ctx.queue.define(sendReminderDeadJob((ids) => markUndelivered(ctx, ids)));
  ctx.queue.define(sendReminderJob((ids) => deliverBatch(ctx, ids)));
  ctx.queue.define(reminderPlanJob((companyId) => planCompany(ctx, companyId)));
  ctx.queue.define(billingProvisionJob((companyId) => provisionSubscription(ctx, companyId)));
  ctx.queue.define(billingSyncJob((companyId) => syncSubscription(ctx, companyId)));
  ctx.queue.define(
    billingEventsPruneJob(async () => {
      await pruneBillingEvents(ctx.db, new Date(ctx.now().getTime() - BILLING_EVENTS_KEPT_DAYS * 86_400_000));
    }),
  );
  if (ctx.database.kind === "pglite") ctx.queue.define(dbMaintenanceJob(() => vacuumEngineTables(ctx.db)));
  ctx.queue.define(
    reminderPlannerJob(async () => {
      await planAll(ctx);
    }),
  );
}
