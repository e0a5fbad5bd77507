import type { AppContext } from "../../context.ts";
import { INBOUND_LIMITS, parseInbound } from "../../integrations/mail/inbound-mail.ts";
import { type InboundMail, UnreadableMail } from "../../integrations/mail/inbound-records.ts";
import { sanitizeUserHtml } from "../../lib/sanitize.ts";
import type { MailboxScope } from "../mailbox/index.ts";
import { applyEffect, bounceReason, effectOf } from "./inbound-effects.ts";
import type { InboundSource, IngestResult } from "./inbound-result.ts";
import { threadOf } from "./inbound-thread.ts";
import { keepAside } from "./keep-aside.ts";
import { insertMessage } from "./messages.repository.ts";
import { held, heldReason, senderFacts } from "./sender-check.ts";

/**
 * A message that came in (the relay's POST, or read from a company's mailbox: `mailbox`): stored
 * once (a retry, or a message read again, changes nothing), then acted on (inbound-effects.ts) when
 * its sender counts (sender-check.ts); otherwise it is held, marked in its thread, until a user
 * confirms it. A message that cannot be read within the limits is kept aside as it came, for the
 * company its header names (a mailbox's: the mailbox's company).
 */
export async function ingestInbound(
  ctx: AppContext,
  raw: Buffer,
  envelopeTo: string[] = [],
  source: InboundSource = "relay",
  mailbox?: MailboxScope,
): Promise<IngestResult> {
  const result = await ingest(ctx, raw, envelopeTo, source, mailbox);
  const { metrics } = ctx;
  if (result.stored && !result.duplicate) {
    metrics.inbound.inc({ source, kind: result.kind });
    if (result.kind === "bounce") metrics.emailsBounced.inc();
  } else metrics.inboundIgnored.inc({ source, reason: result.stored ? "duplicate" : result.reason });
  return result;
}

async function ingest(
  ctx: AppContext,
  raw: Buffer,
  envelopeTo: string[],
  source: InboundSource,
  mailbox: MailboxScope | undefined,
): Promise<IngestResult> {
  let mail: InboundMail;
  try {
    mail = await parseInbound(raw, envelopeTo, ctx.now(), {
      ...INBOUND_LIMITS,
      budgetMs: ctx.config.inboundReadTimeoutMs,
    });
  } catch (error) {
    if (error instanceof UnreadableMail) return keepAside(ctx, raw, envelopeTo, error, source, mailbox);
    throw error;
  }
  const thread = await threadOf(ctx, mail, mailbox);
  if (typeof thread === "string") return { stored: false, reason: thread };
  const { companyId, invoiceId, customerRef } = thread;
  const now = ctx.now();
  const effect = effectOf(mail, thread, thread.answered?.toAddress);
  const reason = heldReason(mail, await senderFacts(ctx.db, thread), now);
  return ctx.db.transaction(async (tx) => {
    const { created } = await insertMessage(tx, {
      companyId,
      invoiceQbId: invoiceId,
      customerQbId: customerRef,
      direction: "inbound",
      kind: mail.kind,
      status: "received",
      messageId: mail.messageId,
      inReplyTo: mail.inReplyTo,
      references: mail.references,
      fromAddress: mail.from,
      toAddress: mail.recipients.join(", "),
      subject: mail.subject.slice(0, 1000),
      html: mail.html === null ? null : sanitizeUserHtml(mail.html, { remoteImages: false }),
      text: mail.text,
      replyText: mail.replyText,
      attachments: mail.attachments,
      returnDate: mail.returnDate,
      error: bounceReason(mail),
      senderCheck: reason ? held(reason, effect) : null,
      rawSha256: mail.sha256,
      at: now,
    });
    if (!created) return { stored: true, duplicate: true, companyId, invoiceId, kind: mail.kind };
    if (effect && !reason) await applyEffect(tx, thread, effect, now);
    return { stored: true, duplicate: false, companyId, invoiceId, kind: mail.kind };
  });
}
