import type {
  CommunicationInvoicesResponse,
  communicationInvoicesQuerySchema,
  EmailMessage,
  EmailThread,
  ThreadState,
} from "@recoup/contracts";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { type InboundMail, parseInbound } from "../../integrations/mail/inbound-mail.ts";
import { addDays } from "../../lib/dates.ts";
import { notFound } from "../../lib/errors.ts";
import { sanitizeUserHtml } from "../../lib/sanitize.ts";
import * as pauseRepo from "../pauses/index.ts";
import { companyToday, searchTerm } from "../receivables/index.ts";
import * as repo from "./communications.repository.ts";

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
  | { stored: false; reason: "unmatched" | "forged" | "conflict" };

/**
 * Where a message belongs: the thread of a message of ours it answers (In-Reply-To, References,
 * a bounce's original), else the company and invoice its reply address names, else the invoice
 * number in its subject within that company. A reply address naming another company than the
 * message it answers, or one that does not verify, writes nothing.
 */
async function threadOf(ctx: AppContext, mail: InboundMail) {
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
 * A message from the inbound relay: stored once (a retry changes nothing), then acted on. A
 * person's reply marks the invoice 'Reply waiting' and pauses its reminders until handled; an
 * automatic reply naming a date pauses the customer until the day after; a bounce marks the
 * address and stops the customer's reminders.
 */
export async function ingestInbound(
  ctx: AppContext,
  raw: Buffer,
  envelopeTo: string[] = [],
): Promise<IngestResult> {
  const mail = await parseInbound(raw, envelopeTo, ctx.now());
  const thread = await threadOf(ctx, mail);
  if (typeof thread === "string") return { stored: false, reason: thread };
  const { companyId, invoiceId, customerRef } = thread;
  const now = ctx.now();
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
      html: mail.html === null ? null : sanitizeUserHtml(mail.html),
      text: mail.text,
      replyText: mail.replyText,
      attachments: mail.attachments,
      returnDate: mail.returnDate,
      error: mail.bounce
        ? [mail.bounce.status, mail.bounce.diagnostic].filter(Boolean).join(" ") || null
        : null,
      rawSha256: mail.sha256,
      at: now,
    });
    if (!created) return { stored: true, duplicate: true, companyId, invoiceId, kind: mail.kind };
    if (mail.kind === "reply" && invoiceId) {
      await repo.markReplyWaiting(tx, companyId, invoiceId, now);
      await pauseRepo.pauseFor(tx, {
        companyId,
        scope: "invoice",
        targetQbId: invoiceId,
        reason: "reply",
        until: null,
        detail: null,
      });
    } else if (mail.kind === "auto_reply" && mail.returnDate && customerRef) {
      await pauseRepo.pauseFor(tx, {
        companyId,
        scope: "customer",
        targetQbId: customerRef,
        reason: "away",
        until: addDays(mail.returnDate, 1),
        detail: mail.returnDate,
      });
    } else if (mail.kind === "bounce" && !mail.bounce?.transient && customerRef) {
      const address = mail.bounce?.recipient ?? thread.answered?.toAddress ?? null;
      await pauseRepo.pauseFor(tx, {
        companyId,
        scope: "customer",
        targetQbId: customerRef,
        reason: "bounce",
        until: null,
        detail: address,
      });
      if (mail.bounce?.originalMessageId)
        await repo.markBounced(tx, companyId, mail.bounce.originalMessageId);
    }
    return { stored: true, duplicate: false, companyId, invoiceId, kind: mail.kind };
  });
}

const snippet = (text: string) => text.replace(/\s+/g, " ").trim().slice(0, 160);

export const toMessage = (m: repo.EmailMessageRow): EmailMessage => ({
  id: m.id,
  direction: m.direction,
  kind: m.kind,
  status: m.status,
  messageId: m.messageId,
  inReplyTo: m.inReplyTo,
  from: m.fromAddress,
  to: m.toAddress,
  subject: m.subject,
  html: m.html,
  text: m.text,
  replyText: m.replyText || m.text,
  attachments: m.attachments,
  returnDate: m.returnDate,
  error: m.error,
  at: m.at.toISOString(),
});

type Facts = Pick<EmailThread, "state" | "replyWaitingSince" | "awayUntil" | "bouncing">;

/** Where the conversation stands, from its thread record, the customer's pauses and its last message. */
function facts(
  today: string,
  thread: { replyWaitingSince: Date | null; handledAt: Date | null } | undefined,
  pauses: { reason: string; until: string | null; detail: string | null; createdAt: Date }[],
  last: Pick<repo.EmailMessageRow, "direction" | "status"> | undefined,
): Facts {
  const bounce = pauses.find((p) => p.reason === "bounce");
  const away = pauses.find((p) => p.reason === "away" && p.until !== null && p.until > today);
  const bouncing = bounce
    ? {
        address: bounce.detail ?? "",
        reason: "Emails to this address bounce.",
        at: bounce.createdAt.toISOString(),
      }
    : null;
  const state: ThreadState = thread?.replyWaitingSince
    ? "reply_waiting"
    : bouncing
      ? "bouncing"
      : away
        ? "away"
        : last?.status === "failed"
          ? "failed"
          : thread?.handledAt && last?.direction === "inbound"
            ? "handled"
            : "sent";
  return {
    state,
    replyWaitingSince: thread?.replyWaitingSince?.toISOString() ?? null,
    awayUntil: away?.detail ?? null,
    bouncing,
  };
}

export async function communicationInvoices(
  ctx: AppContext,
  companyId: string,
  q: z.infer<typeof communicationInvoicesQuerySchema>,
): Promise<CommunicationInvoicesResponse["data"]> {
  const { today } = await companyToday(ctx, companyId);
  const { rows, total } = await repo.threadInvoices(ctx.db, today, {
    companyId,
    search: searchTerm(q.searchQuery),
    waitingOnly: q.state === "reply_waiting",
    offset: (q.page - 1) * q.limit,
    limit: q.limit,
  });
  const ids = rows.map((r) => r.invoice.id);
  const [latest, threads, pauses] = await Promise.all([
    repo.latestMessages(ctx.db, companyId, ids),
    repo.threadStates(ctx.db, companyId, ids),
    pauseRepo.customerPauses(ctx.db, companyId, [...new Set(rows.map((r) => r.invoice.customerRef))]),
  ]);
  return {
    invoices: rows.map(({ invoice, messages }) => {
      const last = latest.find((m) => m.invoiceQbId === invoice.id)!;
      return {
        invoiceId: invoice.id,
        docNumber: invoice.docNumber,
        customerRef: invoice.customerRef,
        customerName: invoice.customerName,
        currency: invoice.currency,
        balanceCents: invoice.balanceCents,
        status: invoice.status,
        messageCount: messages,
        lastMessage: {
          id: last.id,
          direction: last.direction,
          kind: last.kind,
          status: last.status,
          subject: last.subject,
          at: last.at.toISOString(),
          snippet: snippet(last.replyText || last.text),
        },
        ...facts(
          today,
          threads.find((t) => t.invoiceQbId === invoice.id),
          pauses.filter((p) => p.targetQbId === invoice.customerRef),
          last,
        ),
      };
    }),
    total,
    page: q.page,
    limit: q.limit,
  };
}

export async function emailThread(
  ctx: AppContext,
  companyId: string,
  customerRef: string,
  invoiceId: string,
): Promise<EmailThread> {
  const { today } = await companyToday(ctx, companyId);
  const invoice = await repo.threadInvoice(ctx.db, companyId, invoiceId, today);
  if (!invoice || invoice.customerRef !== customerRef) throw notFound("No such invoice for this customer.");
  const [messages, [thread], pauses] = await Promise.all([
    repo.threadMessages(ctx.db, companyId, invoiceId),
    repo.threadStates(ctx.db, companyId, [invoiceId]),
    pauseRepo.customerPauses(ctx.db, companyId, [customerRef]),
  ]);
  return {
    invoice: {
      invoiceId: invoice.id,
      docNumber: invoice.docNumber,
      customerRef: invoice.customerRef,
      customerName: invoice.customerName,
      email: invoice.email,
      currency: invoice.currency,
      totalCents: invoice.totalCents,
      balanceCents: invoice.balanceCents,
      dueDate: invoice.dueDate,
      status: invoice.status,
    },
    messages: messages.map(toMessage),
    ...facts(today, thread, pauses, messages.at(-1)),
  };
}

/** 'Mark as handled': the reply was dealt with; the invoice's reminders resume (a person's pause stays). */
export async function markHandled(ctx: AppContext, companyId: string, invoiceId: string, userId: string) {
  return ctx.db.transaction(async (tx) => {
    const handled = await repo.markHandled(tx, companyId, invoiceId, userId, ctx.now());
    if (handled) await pauseRepo.liftReplyPause(tx, companyId, invoiceId);
    return handled;
  });
}
