import { z } from "zod";
import type { AppContext } from "../context.ts";
import type { DbOrTx } from "../db/client.ts";
import type { JobDefinition } from "../db/job-queue.ts";

export const SEND_STATEMENT = "send-statement";
export const sendStatementPayload = z.object({ statementId: z.uuid() });
export type SendStatementJob = z.infer<typeof sendStatementPayload>;
/** Attempts in all (the first and its retries); after the last, the statement stays visible as failed. */
export const STATEMENT_ATTEMPTS = 6;

/**
 * Emails one statement of the outbox. The handler is idempotent (a sent or cancelled statement is
 * left alone), so a retry after a failed send, or after its worker died, sends only what is queued.
 */
export function sendStatementJob(
  run: (statementId: string) => Promise<void>,
): JobDefinition<SendStatementJob> {
  return {
    name: SEND_STATEMENT,
    queue: { retryLimit: STATEMENT_ATTEMPTS - 1, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 },
    async handle(data) {
      await run(sendStatementPayload.parse(data).statementId);
    },
  };
}

/** Enqueued in the transaction that commits the statement rows: both exist, or neither. */
export function enqueueStatementSends(ctx: AppContext, statementIds: readonly string[], tx: DbOrTx) {
  if (statementIds.length === 0) return Promise.resolve();
  return ctx.queue.insert(
    SEND_STATEMENT,
    statementIds.map((statementId) => ({ data: { statementId } })),
    { tx },
  );
}
