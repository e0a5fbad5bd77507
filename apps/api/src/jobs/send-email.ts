import type { AppContext } from "../context.ts";
import type { DbOrTx } from "../db/client.ts";
import type { JobDefinition } from "../db/job-queue.ts";
import type { Mailer, OutgoingEmail } from "../integrations/mail/mailer.ts";
import type { Sealer } from "../lib/seal.ts";

export const SEND_EMAIL = "send-email";

/** The email rests sealed in the queue: codes and links are never stored in clear. */
export interface SendEmailJob {
  sealed: string;
}

/** Queues an email, in the caller's transaction when given one. */
export function enqueueEmail(ctx: AppContext, email: OutgoingEmail, tx?: DbOrTx) {
  return ctx.queue.send(SEND_EMAIL, { sealed: ctx.mailSealer.seal(email) }, { tx });
}

/** Without a mailer (no SMTP_URL) each job fails and retries, so nothing is lost until it is set. */
export function sendEmailJob(mailer: Mailer | undefined, sealer: Sealer): JobDefinition<SendEmailJob> {
  return {
    name: SEND_EMAIL,
    queue: { retryLimit: 5, retryDelay: 5, retryBackoff: true },
    async handle(data) {
      if (!mailer) throw new Error("SMTP_URL is not set: cannot send email");
      await mailer.send(sealer.open<OutgoingEmail>(data.sealed));
    },
  };
}
