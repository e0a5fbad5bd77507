import type {
  CommunicationInvoicesResponse,
  communicationInvoicesQuerySchema,
  EmailMessage,
  EmailThread,
  ThreadState,
} from "@recoup/contracts";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/errors.ts";
import * as pauseRepo from "../pauses/index.ts";
import { companyToday, searchTerm } from "../receivables/index.ts";
import * as repo from "./communications.repository.ts";

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
  sender: m.senderCheck?.state ?? "known",
  heldReason: m.senderCheck?.reason ?? null,
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
          sender: last.senderCheck?.state ?? "known",
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
