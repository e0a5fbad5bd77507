import type { AppContext } from "../../context.ts";
import { replyMailbox } from "./mailbox.repository.ts";
import { mailboxTokens } from "./mailbox-keys.ts";

/** The mailbox a message came from, as the inbound pipeline needs it. */
export interface MailboxScope {
  companyId: string;
  address: string;
}

/**
 * Where replies about these invoices go when the company reads its own mailbox: its address,
 * plus-addressed with the invoice's signed token when the provider delivers those; null when it
 * has no mailbox (the relay's reply address, or the company's Reply-To, applies).
 */
export async function mailboxReplyTo(ctx: AppContext, companyId: string, invoiceIds: string[]) {
  const mailbox = await replyMailbox(ctx.db, companyId);
  if (!mailbox) return null;
  const tokens = mailboxTokens(ctx);
  return new Map(
    invoiceIds.map((id) => [
      id,
      (mailbox.plusAddressing && tokens.plusAddress(companyId, id, mailbox.address)) || mailbox.address,
    ]),
  );
}

/** What the mailbox's plus-addresses among `recipients` name (genuine ones, then "forged"). */
export function mailboxTokensIn(ctx: AppContext, scope: MailboxScope, recipients: string[]) {
  const tokens = mailboxTokens(ctx);
  return recipients.map((a) => tokens.readPlus(a, scope.address)).filter((t) => t !== undefined);
}
