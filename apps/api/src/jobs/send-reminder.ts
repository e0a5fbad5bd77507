import { z } from "zod";
import type { AppContext } from "../context.ts";
import type { DbOrTx } from "../db/client.ts";
import type { JobDefinition } from "../db/job-queue.ts";

export const SEND_REMINDER = "send-reminder";
/** Where the queue puts a send job whose attempts are spent: its handler marks its unsent reminders failed. */
export const SEND_REMINDER_DEAD = "send-reminder-dead";
/** Reminders a send job carries: one company's, from one planning run (a manual send: one). */
export const SEND_BATCH_SIZE = 250;
export const sendReminderPayload = z.union([
  z.object({ reminderIds: z.array(z.uuid()).min(1).max(SEND_BATCH_SIZE) }),
  // A job queued before send jobs carried batches.
  z.object({ reminderId: z.uuid() }).transform(({ reminderId }) => ({ reminderIds: [reminderId] })),
]);
export type SendReminderJob = z.input<typeof sendReminderPayload>;

/** Attempts in all (the first and its retries); after the last, the reminder stays visible as failed. */
export const SEND_ATTEMPTS = 6;
/**
 * Send jobs one worker process runs at once: three keep the pooled transport's connections fed
 * while a job reads its batch or waits for its last sends (0.61–0.62 of the transport against
 * 0.55–0.60 with two, PGlite in its thread; four were no better: bench/README.md).
 */
export const SEND_CONCURRENCY = 3;

/**
 * Sends a batch of reminders of the outbox. The handler is idempotent (a sent or cancelled
 * reminder is left alone), so a job retried whole after one of its sends failed, or after its
 * worker died, sends only what is still queued.
 */
export function sendReminderJob(
  run: (reminderIds: string[]) => Promise<void>,
): JobDefinition<SendReminderJob> {
  return {
    name: SEND_REMINDER,
    // SMTP waits dominate: a job's reminders go out at once over the pooled transport, sharing
    // their reads; several jobs at once keep the SMTP connections busy while a job's slowest send
    // finishes (bench/README.md, "Reminders"). One job per 250 reminders instead of one each
    // writes a 250th of the queue's rows when a day's reminders are planned, and reads what a batch shares once per 250 sends.
    concurrency: SEND_CONCURRENCY,
    queue: {
      retryLimit: SEND_ATTEMPTS - 1,
      retryDelay: 30,
      retryBackoff: true,
      expireInSeconds: 300,
      deadLetter: SEND_REMINDER_DEAD,
    },
    async handle(data) {
      await run(sendReminderPayload.parse(data).reminderIds);
    },
  };
}

/** Defined before the send job: its queue must exist first. */
export function sendReminderDeadJob(
  markFailed: (reminderIds: string[]) => Promise<void>,
): JobDefinition<SendReminderJob> {
  return {
    name: SEND_REMINDER_DEAD,
    async handle(data) {
      await markFailed(sendReminderPayload.parse(data).reminderIds);
    },
  };
}

/** Enqueued in the transaction that commits the reminder row: both exist, or neither. */
export const enqueueReminderSend = (ctx: AppContext, reminderId: string, tx: DbOrTx) =>
  ctx.queue.send(SEND_REMINDER, { reminderIds: [reminderId] }, { tx });

/**
 * The same for many reminders (a planning run's decisions, in groups sent as one email each):
 * jobs of up to 100, a group never cut, with one statement.
 */
export function enqueueReminderSends(ctx: AppContext, groups: readonly (readonly string[])[], tx: DbOrTx) {
  const jobs: { data: SendReminderJob }[] = [];
  let job: string[] = [];
  for (const g of groups) {
    if (job.length > 0 && job.length + g.length > SEND_BATCH_SIZE) {
      jobs.push({ data: { reminderIds: job } });
      job = [];
    }
    job.push(...g);
  }
  if (job.length > 0) jobs.push({ data: { reminderIds: job } });
  return ctx.queue.insert(SEND_REMINDER, jobs, { tx });
}
