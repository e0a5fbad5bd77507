import { z } from "zod";
import type { AppContext } from "../context.ts";
import type { DbOrTx } from "../db/client.ts";
import type { JobDefinition } from "../lib/job-queue.ts";

export const SEND_REMINDER = "send-reminder";
/** Where the queue puts a send job whose attempts are spent: its handler marks the reminder failed. */
export const SEND_REMINDER_DEAD = "send-reminder-dead";
export const sendReminderPayload = z.object({ reminderId: z.uuid() });
export type SendReminderJob = z.infer<typeof sendReminderPayload>;

/** Attempts in all (the first and its retries); after the last, the reminder stays visible as failed. */
export const SEND_ATTEMPTS = 6;
/** Send jobs fetched at once, and batches run at once, by one worker process. */
export const SEND_BATCH_SIZE = 100;
export const SEND_CONCURRENCY = 2;

/** Sends one reminder of the outbox; the handler is idempotent (a sent or cancelled row is left alone). */
export function sendReminderJob(run: (reminderId: string) => Promise<void>): JobDefinition<SendReminderJob> {
  return {
    name: SEND_REMINDER,
    // SMTP waits dominate: many sends at once over the pooled transport. A batch's jobs share their
    // reads (deliverReminder gathers them); two batches at once keep the SMTP connections busy
    // while a batch's slowest send finishes (about 600 emails/s into the mail sandbox on 2 cores,
    // where 25 a batch, one at a time, sent 50: bench/README.md, "Reminders").
    batchSize: SEND_BATCH_SIZE,
    concurrency: SEND_CONCURRENCY,
    queue: {
      retryLimit: SEND_ATTEMPTS - 1,
      retryDelay: 30,
      retryBackoff: true,
      expireInSeconds: 300,
      deadLetter: SEND_REMINDER_DEAD,
    },
    async handle(data) {
      await run(sendReminderPayload.parse(data).reminderId);
    },
  };
}

/** Defined before the send job: its queue must exist first. */
export function sendReminderDeadJob(
  markFailed: (reminderId: string) => Promise<void>,
): JobDefinition<SendReminderJob> {
  return {
    name: SEND_REMINDER_DEAD,
    async handle(data) {
      await markFailed(sendReminderPayload.parse(data).reminderId);
    },
  };
}

/** Enqueued in the transaction that commits the reminder row: both exist, or neither. */
export const enqueueReminderSend = (ctx: AppContext, reminderId: string, tx: DbOrTx) =>
  ctx.queue.send(SEND_REMINDER, { reminderId }, { tx, singletonKey: reminderId });

/** The same for many reminders, with one statement (a planning run's decisions). */
export const enqueueReminderSends = (ctx: AppContext, reminderIds: readonly string[], tx: DbOrTx) =>
  ctx.queue.insert(
    SEND_REMINDER,
    reminderIds.map((reminderId) => ({ data: { reminderId }, singletonKey: reminderId })),
    { tx },
  );
