import type { AppContext } from "../../context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { sanitizeUserHtml } from "../../lib/sanitize.ts";
import * as repo from "./communications.repository.ts";

export interface ThreadHeaders {
  replyTo?: string;
  inReplyTo?: string;
  references?: string[];
}

/**
 * How an email about an invoice joins its thread: replies go to the invoice's signed reply address
 * (when inbound email is set up), and In-Reply-To/References point at the thread's latest message,
 * so mail clients keep the conversation together.
 */
export async function threadHeaders(
  ctx: AppContext,
  companyId: string,
  invoiceId: string,
  ownMessageId?: string,
): Promise<ThreadHeaders> {
  const replyTo = ctx.replyTokens?.address(companyId, invoiceId);
  const last = await repo.lastThreadMessage(ctx.db, companyId, invoiceId, ownMessageId);
  return {
    ...(replyTo ? { replyTo } : {}),
    ...(last
      ? { inReplyTo: last.messageId, references: [...last.references, last.messageId].slice(-20) }
      : {}),
  };
}

/** Records an email Recoup sent (or failed to send) in its invoice's thread, once per Message-ID. */
export async function recordOutbound(
  db: DbOrTx,
  m: {
    companyId: string;
    invoiceId: string | null;
    customerRef: string | null;
    kind: "automatic" | "manual" | "test";
    status: "sent" | "failed";
    reminderId?: string;
    messageId: string;
    headers: ThreadHeaders;
    from: string;
    to: string;
    subject: string;
    html: string;
    text: string;
    error?: string | null;
    sentBy?: string | null;
    at: Date;
  },
) {
  await repo.upsertOutboundMessage(db, {
    companyId: m.companyId,
    invoiceQbId: m.invoiceId,
    customerQbId: m.customerRef,
    direction: "outbound",
    kind: m.kind,
    status: m.status,
    reminderId: m.reminderId ?? null,
    messageId: m.messageId,
    inReplyTo: m.headers.inReplyTo ?? null,
    references: m.headers.references ?? [],
    fromAddress: m.from,
    toAddress: m.to,
    subject: m.subject,
    html: sanitizeUserHtml(m.html),
    text: m.text,
    replyText: m.text,
    error: m.error ?? null,
    sentBy: m.sentBy ?? null,
    at: m.at,
  });
}
