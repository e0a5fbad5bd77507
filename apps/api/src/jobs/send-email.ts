import type { Mailer, OutgoingEmail } from "../integrations/mail/mailer.ts";
import type { Sealer } from "../lib/seal.ts";
import type { JobDefinition } from "./queue.ts";

export const SEND_EMAIL = "send-email";

/** The email rests sealed in the queue: codes and links are never stored in clear. */
export interface SendEmailJob {
  sealed: string;
}

export function sendEmailJob(mailer: Mailer, sealer: Sealer): JobDefinition<SendEmailJob> {
  return {
    name: SEND_EMAIL,
    queue: { retryLimit: 5, retryDelay: 5, retryBackoff: true },
    async handle(data) {
      await mailer.send(sealer.open<OutgoingEmail>(data.sealed));
    },
  };
}
