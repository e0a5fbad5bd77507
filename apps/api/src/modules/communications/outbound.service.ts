import type { AppContext } from "../../context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { sanitizeUserHtml } from "../../lib/sanitize.ts";
import { mailboxReplyTo } from "../mailbox/index.ts";
import { lastThreadMessages, upsertOutboundMessages } from "./messages.repository.ts";

export interface ThreadHeaders {
  replyTo?: string;
  inReplyTo?: string;
  references?: string[];
}

/**
 * How emails about these invoices join their threads: replies go to the company's own mailbox when
 * it connected one (plus-addressed with the invoice's token where the provider takes that), else to
 * each invoice's signed reply address (when inbound email is set up), and In-Reply-To/References
 * point at the thread's latest message, so mail clients keep the conversation together.
 */
export async function threadHeaders(
  ctx: AppContext,
  companyId: string,
  invoiceIds: string[],
  ownMessageIds: string[] = [],
): Promise<Map<string, ThreadHeaders>> {
  const [last, mailbox] = await Promise.all([
    lastThreadMessages(ctx.db, companyId, invoiceIds, ownMessageIds),
    mailboxReplyTo(ctx, companyId, invoiceIds),
  ]);
  return new Map(
    invoiceIds.map((invoiceId) => {
      const replyTo = mailbox ? mailbox.get(invoiceId) : ctx.replyTokens?.address(companyId, invoiceId);
      const latest = last.get(invoiceId);
      const headers: ThreadHeaders = {
        ...(replyTo ? { replyTo } : {}),
        ...(latest
          ? { inReplyTo: latest.messageId, references: [...latest.references, latest.messageId].slice(-20) }
          : {}),
      };
      return [invoiceId, headers];
    }),
  );
}

export interface OutboundMessage {
  companyId: string;
  invoiceId: string | null;
  customerRef: string | null;
  kind: "automatic" | "manual" | "test" | "statement";
  status: "sent" | "failed";
  reminderId?: string;
  messageId: string;
  headers: ThreadHeaders;
  from: string;
  to: string;
  /** Comma-separated, as `to`. */
  cc?: string;
  bcc?: string;
  subject: string;
  html: string;
  text: string;
  error?: string | null;
  /** Said of a message that went as it should (a reminder sent without its invoice's PDF). */
  note?: string | null;
  attachments?: { filename: string; contentType: string; size: number }[];
  sentBy?: string | null;
  at: Date;
}

/** Records emails Recoup sent (or failed to send) in their invoices' threads, once per Message-ID. */
export async function recordOutbound(db: DbOrTx, messages: OutboundMessage[]) {
  // A combined reminder is one email in several invoices' threads: its HTML is sanitised once.
  const sanitized = new Map<string, string>();
  const clean = (html: string) => {
    let out = sanitized.get(html);
    if (out === undefined) {
      out = sanitizeUserHtml(html);
      sanitized.set(html, out);
    }
    return out;
  };
  await upsertOutboundMessages(
    db,
    messages.map((m) => ({
      companyId: m.companyId,
      invoiceQbId: m.invoiceId,
      customerQbId: m.customerRef,
      direction: "outbound" as const,
      kind: m.kind,
      status: m.status,
      reminderId: m.reminderId ?? null,
      messageId: m.messageId,
      inReplyTo: m.headers.inReplyTo ?? null,
      references: m.headers.references ?? [],
      fromAddress: m.from,
      toAddress: m.to,
      ccAddress: m.cc ?? "",
      bccAddress: m.bcc ?? "",
      subject: m.subject,
      html: clean(m.html),
      text: m.text,
      replyText: m.text,
      error: m.error ?? null,
      note: m.note ?? null,
      attachments: m.attachments ?? [],
      sentBy: m.sentBy ?? null,
      at: m.at,
    })),
  );
}
