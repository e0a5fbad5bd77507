import type { AppContext } from "../../context.ts";
import {
  INBOUND_LIMITS,
  type InboundMail,
  inboundEnvelope,
  parseInbound,
  UnreadableMail,
} from "../../integrations/mail/inbound-mail.ts";
import { sanitizeUserHtml } from "../../lib/sanitize.ts";
import * as repo from "./communications.repository.ts";
import { applyEffect, effectOf } from "./inbound-effects.ts";
import * as failuresRepo from "./inbound-failures.repository.ts";
import { held, heldReason, senderFacts } from "./sender-check.ts";

/** The invoice number a subject names ("Invoice 1042", "Rechnung #1042", "Factura 1042"…). */
const SUBJECT_INVOICE =
  /\b(?:invoice|inv|rechnung|facture|factura)\s*(?:no\.?|nr\.?|n[°º]|#)?\s*([A-Za-z0-9][A-Za-z0-9-]{0,20})\b/i;

export type IngestResult =
  | {
      stored: true;
      duplicate: boolean;
      companyId: string;
      invoiceId: string | null;
      kind: InboundMail["kind"];
    }
  | { stored: false; reason: "unmatched" | "forged" | "conflict" }
  | KeptAside;

/** A message that could not be read, kept as it came for its company (null: none it names). */
export interface KeptAside {
  stored: false;
  reason: "kept_aside";
  failureId: string;
  duplicate: boolean;
  companyId: string | null;
  unreadable: UnreadableMail["reason"];
}

/** Where a message came from: the relay's POST, or (later) a company's mailbox over IMAP. */
export type InboundSource = "relay" | "imap";

/**
 * Where a message belongs: the thread of a message of ours it answers (In-Reply-To, References,
 * a bounce's original), else the company and invoice its reply address names, else the invoice
 * number in its subject within that company. A reply address naming another company than the
 * message it answers, or one that does not verify, writes nothing.
 */
async function threadOf(
  ctx: AppContext,
  mail: Pick<InboundMail, "references" | "recipients" | "subject"> & Partial<Pick<InboundMail, "bounce">>,
) {
  const answered = (
    await repo.messagesByIds(ctx.db, [
      ...(mail.bounce?.originalMessageId ? [mail.bounce.originalMessageId] : []),
      ...mail.references,
    ])
  )[0];
  const tokens = ctx.replyTokens ? mail.recipients.map((a) => ctx.replyTokens!.read(a)).filter(Boolean) : [];
  const genuine = tokens.find((t) => typeof t === "object") as
    | { companyId: string; invoiceId: string }
    | undefined;
  if (!answered && !genuine) return tokens.includes("forged") ? ("forged" as const) : ("unmatched" as const);
  if (answered && genuine && answered.companyId !== genuine.companyId) return "conflict" as const;
  const companyId = answered?.companyId ?? genuine!.companyId;
  let invoiceId = answered?.invoiceQbId ?? genuine?.invoiceId ?? null;
  if (!invoiceId) {
    const number = SUBJECT_INVOICE.exec(mail.subject)?.[1];
    if (number) invoiceId = (await repo.invoiceByNumber(ctx.db, companyId, number))?.id ?? null;
  }
  const customerRef = invoiceId
    ? await repo.invoiceCustomerRef(ctx.db, companyId, invoiceId)
    : (answered?.customerQbId ?? undefined);
  // An invoice the company does not have is not threaded to.
  if (invoiceId && !customerRef) invoiceId = null;
  return { companyId, invoiceId, customerRef: customerRef ?? null, answered };
}

/**
 * A message that came in (the relay's POST; a mailbox reader later): stored once (a retry changes
 * nothing), then acted on (inbound-effects.ts) when its sender counts (sender-check.ts); otherwise
 * it is held, marked in its thread, until a user confirms it. A message that cannot be read within
 * the limits is kept aside as it came, for the company its header names.
 */
export async function ingestInbound(
  ctx: AppContext,
  raw: Buffer,
  envelopeTo: string[] = [],
  source: InboundSource = "relay",
): Promise<IngestResult> {
  let mail: InboundMail;
  try {
    mail = await parseInbound(raw, envelopeTo, ctx.now(), {
      ...INBOUND_LIMITS,
      budgetMs: ctx.config.inboundReadTimeoutMs,
    });
  } catch (error) {
    if (error instanceof UnreadableMail) return keepAside(ctx, raw, envelopeTo, error, source);
    throw error;
  }
  const thread = await threadOf(ctx, mail);
  if (typeof thread === "string") return { stored: false, reason: thread };
  const { companyId, invoiceId, customerRef } = thread;
  const now = ctx.now();
  const effect = effectOf(mail, thread, thread.answered?.toAddress);
  const reason = heldReason(mail, await senderFacts(ctx.db, thread), now);
  return ctx.db.transaction(async (tx) => {
    const { created } = await repo.insertMessage(tx, {
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
      error: mail.bounce
        ? [mail.bounce.status, mail.bounce.diagnostic].filter(Boolean).join(" ") || null
        : null,
      senderCheck: reason ? held(reason, effect) : null,
      rawSha256: mail.sha256,
      at: now,
    });
    if (!created) return { stored: true, duplicate: true, companyId, invoiceId, kind: mail.kind };
    if (effect && !reason) await applyEffect(tx, thread, effect, now);
    return { stored: true, duplicate: false, companyId, invoiceId, kind: mail.kind };
  });
}

/** A header value as text PostgreSQL stores (no NUL), at most 1,000 characters. */
const storable = (value: string) => value.replaceAll("\0", "").slice(0, 1000);

/**
 * Keeps an unreadable message aside for the company its own header names (a reply address, or a
 * message of ours it answers), or for none. A forged or conflicting reply address writes nothing,
 * as for a message that could be read.
 */
async function keepAside(
  ctx: AppContext,
  raw: Buffer,
  envelopeTo: string[],
  unreadable: UnreadableMail,
  source: InboundSource,
): Promise<IngestResult> {
  const envelope = await inboundEnvelope(raw, envelopeTo);
  const thread = await threadOf(ctx, envelope);
  if (thread === "forged" || thread === "conflict") return { stored: false, reason: thread };
  const companyId = thread === "unmatched" ? null : thread.companyId;
  const { id, created } = await failuresRepo.insertFailure(ctx.db, {
    companyId,
    source,
    receivedAt: ctx.now(),
    reason: unreadable.reason,
    detail: unreadable.detail,
    fromAddress: storable(envelope.from),
    subject: storable(envelope.subject),
    messageId: storable(envelope.messageId),
    size: raw.length,
    rawSha256: envelope.sha256,
    raw,
  });
  return {
    stored: false,
    reason: "kept_aside",
    failureId: id,
    duplicate: !created,
    companyId,
    unreadable: unreadable.reason,
  };
}
