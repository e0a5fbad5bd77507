import type { AppContext } from "../context.ts";
import { createMailer } from "../integrations/mail/mailer.ts";
import { runSafetySync, runSync } from "../modules/quickbooks/sync.service.ts";
import { safetySyncJob } from "./qbo-safety-sync.ts";
import { qboSyncJob } from "./qbo-sync.ts";
import { sendEmailJob } from "./send-email.ts";

/**
 * Every job with its handler, the same for the API process and for `worker.ts`, so every process
 * can run every job. Called where the app is assembled; services only import a job's name and
 * enqueue function, so nothing imports this file but the assembly.
 */
export function registerJobs(ctx: AppContext) {
  const { config } = ctx;
  ctx.queue.define(
    sendEmailJob(config.smtpUrl ? createMailer(config.smtpUrl, config.mailFrom) : undefined, ctx.mailSealer),
  );
  ctx.queue.define(qboSyncJob(ctx, (companyId, mode) => runSync(ctx, companyId, mode)));
  ctx.queue.define(safetySyncJob(config.quickbooks.safetySyncMinutes, () => runSafetySync(ctx)));
}
