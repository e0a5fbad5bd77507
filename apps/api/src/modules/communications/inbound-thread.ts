import type { AppContext } from "../../context.ts";
import type { InboundMail } from "../../integrations/mail/inbound-records.ts";
import { type MailboxScope, mailboxTokensIn } from "../mailbox/index.ts";
import { invoiceByNumber, invoiceCustomerRef, messagesByIds } from "./reply-lookup.repository.ts";

/** The invoice number a subject names ("Invoice 1042", "Rechnung #1042", "Factura 1042"…). */
const SUBJECT_INVOICE =
  /\b(?:invoice|inv|rechnung|facture|factura)\s*(?:no\.?|nr\.?|n[°º]|#)?\s*([A-Za-z0-9][A-Za-z0-9-]{0,20})\b/i;

/** A subject that answers another ("Re:", "AW:", "SV:", "Antw:", "RE :"…). */
const REPLY_SUBJECT = /^\s*(re|aw|sv|vs|antw|ref|r[ée]f|odp|wg)\s*:/i;

/**
 * Where a message belongs: the thread of a message of ours it answers (In-Reply-To, References,
 * a bounce's original), else the company and invoice its reply address names, else the invoice
 * number in its subject within that company. A reply address naming another company than the
 * message it answers, or one that does not verify, writes nothing.
 *
 * Read from a company's own mailbox (`mailbox`), a message belongs to that company only: its
 * plus-addresses count as reply addresses, what points at another company's messages is not
 * threaded, and a reply ("Re: …") naming one of its invoices in the subject joins that invoice
 * (the mailbox may take no plus-addresses, and some clients drop In-Reply-To).
 */
export async function threadOf(
  ctx: AppContext,
  mail: Pick<InboundMail, "references" | "recipients" | "subject"> & Partial<Pick<InboundMail, "bounce">>,
  mailbox?: MailboxScope,
) {
  const answered = (
    await messagesByIds(ctx.db, [
      ...(mail.bounce?.originalMessageId ? [mail.bounce.originalMessageId] : []),
      ...mail.references,
    ])
  ).filter((m) => !mailbox || m.companyId === mailbox.companyId)[0];
  const tokens = [
    ...(ctx.replyTokens ? mail.recipients.map((a) => ctx.replyTokens!.read(a)).filter(Boolean) : []),
    ...(mailbox ? mailboxTokensIn(ctx, mailbox, mail.recipients) : []),
  ].filter((t) => !mailbox || typeof t !== "object" || t.companyId === mailbox.companyId);
  if (!answered && mailbox && !tokens.some((t) => typeof t === "object")) {
    const number = REPLY_SUBJECT.test(mail.subject) ? SUBJECT_INVOICE.exec(mail.subject)?.[1] : undefined;
    const invoice = number ? await invoiceByNumber(ctx.db, mailbox.companyId, number) : undefined;
    if (!invoice) return "unmatched" as const;
    return {
      companyId: mailbox.companyId,
      invoiceId: invoice.id,
      customerRef: invoice.customerRef,
      answered,
    };
  }
  const genuine = tokens.find((t) => typeof t === "object") as
    | { companyId: string; invoiceId: string }
    | undefined;
  if (!answered && !genuine) return tokens.includes("forged") ? ("forged" as const) : ("unmatched" as const);
  if (answered && genuine && answered.companyId !== genuine.companyId) return "conflict" as const;
  const companyId = answered?.companyId ?? genuine!.companyId;
  let invoiceId = answered?.invoiceQbId ?? genuine?.invoiceId ?? null;
  if (!invoiceId) {
    const number = SUBJECT_INVOICE.exec(mail.subject)?.[1];
    if (number) invoiceId = (await invoiceByNumber(ctx.db, companyId, number))?.id ?? null;
  }
  const customerRef = invoiceId
    ? await invoiceCustomerRef(ctx.db, companyId, invoiceId)
    : (answered?.customerQbId ?? undefined);
  // An invoice the company does not have is not threaded to.
  if (invoiceId && !customerRef) invoiceId = null;
  return { companyId, invoiceId, customerRef: customerRef ?? null, answered };
}
