/** One invoice's thread, and 'Mark as handled'. */
import type { EmailThread } from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/errors.ts";
import { firstBillingContact } from "../contacts/index.ts";
import * as holds from "../holds/index.ts";
import * as pauseRepo from "../pauses/index.ts";
import { companyToday } from "../receivables/index.ts";
import { replySuggestion } from "./reply-suggestion.ts";
import { facts, toMessage } from "./thread-facts.ts";
import * as threadsRepo from "./threads.repository.ts";

export async function emailThread(
  ctx: AppContext,
  companyId: string,
  customerRef: string,
  invoiceId: string,
): Promise<EmailThread> {
  const { today, timezone } = await companyToday(ctx, companyId);
  const invoice = await threadsRepo.threadInvoice(ctx.db, companyId, invoiceId, today);
  if (!invoice || invoice.customerRef !== customerRef) throw notFound("No such invoice for this customer.");
  const [messages, [thread], pauses, held, contact] = await Promise.all([
    threadsRepo.threadMessages(ctx.db, companyId, invoiceId),
    threadsRepo.threadStates(ctx.db, companyId, [invoiceId]),
    pauseRepo.customerPauses(ctx.db, companyId, [customerRef]),
    holds.holdsOn(ctx.db, companyId, [invoiceId]),
    // Without a BillEmail, reminders go to the customer's first billing contact (decision 0018).
    invoice.email ? null : firstBillingContact(ctx.db, companyId, customerRef),
  ]);
  return {
    invoice: {
      invoiceId: invoice.id,
      docNumber: invoice.docNumber,
      customerRef: invoice.customerRef,
      customerName: invoice.customerName,
      email: invoice.email ?? contact,
      currency: invoice.currency,
      totalCents: invoice.totalCents,
      balanceCents: invoice.balanceCents,
      dueDate: invoice.dueDate,
      status: invoice.status,
    },
    messages: messages.map(toMessage),
    ...facts(today, thread, pauses, messages.at(-1)),
    ...holds.holdDetails(held, invoiceId, today),
    suggestion: replySuggestion(messages, invoice, held, { today, timeZone: timezone }),
    today,
  };
}

/** 'Mark as handled': the reply was dealt with; the invoice's reminders resume (a person's pause stays). */
export async function markHandled(ctx: AppContext, companyId: string, invoiceId: string, userId: string) {
  return ctx.db.transaction(async (tx) => {
    const handled = await threadsRepo.markHandled(tx, companyId, invoiceId, userId, ctx.now());
    if (handled) await pauseRepo.liftReplyPause(tx, companyId, invoiceId);
    return handled;
  });
}
