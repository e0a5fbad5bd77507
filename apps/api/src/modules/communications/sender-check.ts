import type { DbOrTx } from "../../db/client.ts";
import type { SenderCheck } from "../../db/schema/index.ts";
import type { InboundMail } from "../../integrations/mail/inbound-records.ts";
import * as repo from "./sender-check.repository.ts";
import { threadMessages } from "./threads.repository.ts";

/**
 * Who may move the chase by email (decision 0010). A reply or an automatic reply counts when it
 * comes from an address QuickBooks holds for the customer or the invoice, one of the customer's
 * contacts, one Recoup sent the thread to (To, CC or BCC), or another address at the domain of any
 * of the customer's (a colleague), unless that domain is a public mailbox provider, where a shared
 * domain says nothing.
 * A bounce counts when the address it says failed is one Recoup sent the thread to. Anything else
 * is stored and shown, marked, and changes nothing until a user confirms it; so is a late reply,
 * one to a thread Recoup has not written in for longer than its reply addresses last.
 */
export const REPLY_ADDRESS_DAYS = 90;

/** Domains anyone can have an address at; sharing one with the customer proves nothing. */
const PUBLIC_MAILBOX_DOMAINS = new Set([
  "gmail.com",
  "googlemail.com",
  "outlook.com",
  "hotmail.com",
  "hotmail.co.uk",
  "live.com",
  "msn.com",
  "yahoo.com",
  "yahoo.co.uk",
  "ymail.com",
  "icloud.com",
  "me.com",
  "mac.com",
  "aol.com",
  "proton.me",
  "protonmail.com",
  "gmx.com",
  "gmx.de",
  "gmx.net",
  "web.de",
  "mail.com",
  "yandex.com",
  "yandex.ru",
  "zoho.com",
  "fastmail.com",
  "hey.com",
  "qq.com",
  "163.com",
  "t-online.de",
  "orange.fr",
  "free.fr",
  "comcast.net",
]);

/** Every address in a field that may list several ("a@x.com, b@y.com; c@z.com"), lower case. */
export const addressesIn = (value: string | null | undefined) =>
  (value ?? "")
    .toLowerCase()
    .split(/[\s,;]+/)
    .map((a) => a.replace(/^<|>$/g, ""))
    .filter((a) => /^[^@\s]+@[^@\s]+$/.test(a));

const domainOf = (address: string) => address.slice(address.lastIndexOf("@") + 1);

export interface SenderFacts {
  /** The customer's and the invoice's addresses in QuickBooks, and the customer's contacts'. */
  customer: string[];
  /** Where Recoup sent this thread's emails. */
  sent: string[];
  /** When Recoup last sent one. */
  lastSentAt: Date | null;
}

/** Why a message is held ("stranger", "late"), or null when its sender counts. */
export function heldReason(
  mail: Pick<InboundMail, "kind" | "from" | "bounce">,
  facts: SenderFacts,
  now: Date,
) {
  const sent = new Set(facts.sent);
  let known: boolean;
  if (mail.kind === "bounce") {
    known = Boolean(mail.bounce?.recipient && sent.has(mail.bounce.recipient.toLowerCase()));
  } else {
    const from = mail.from.toLowerCase();
    const domain = domainOf(from);
    known =
      sent.has(from) ||
      facts.customer.includes(from) ||
      (!PUBLIC_MAILBOX_DOMAINS.has(domain) && facts.customer.some((a) => domainOf(a) === domain));
  }
  if (!known) return "stranger" as const;
  const quietSince = facts.lastSentAt ? now.getTime() - facts.lastSentAt.getTime() : 0;
  return quietSince > REPLY_ADDRESS_DAYS * 86_400_000 ? ("late" as const) : null;
}

/** Everyone an email went to: To, CC and BCC (a copied contact may answer too). */
const everyRecipient = (m: { toAddress: string; ccAddress?: string; bccAddress?: string }) =>
  [m.toAddress, m.ccAddress, m.bccAddress].filter(Boolean).join(", ");

/** What Recoup knows about a thread's correspondents: its invoice's sends, else the message answered. */
export async function senderFacts(
  db: DbOrTx,
  thread: {
    companyId: string;
    invoiceId: string | null;
    customerRef: string | null;
    answered?: { toAddress: string; ccAddress?: string; bccAddress?: string; at: Date } | undefined;
  },
): Promise<SenderFacts> {
  const [customer, messages] = await Promise.all([
    repo.customerAddresses(db, thread.companyId, thread.customerRef, thread.invoiceId),
    thread.invoiceId ? threadMessages(db, thread.companyId, thread.invoiceId) : [],
  ]);
  const sends = messages
    .filter((m) => m.direction === "outbound" && (m.status === "sent" || m.status === "bounced"))
    .map((m) => ({ to: everyRecipient(m), at: m.at }));
  if (sends.length === 0 && thread.answered)
    sends.push({ to: everyRecipient(thread.answered), at: thread.answered.at });
  return {
    customer: customer.flatMap(addressesIn),
    sent: sends.flatMap((s) => addressesIn(s.to)),
    // Oldest first: the last is the latest.
    lastSentAt: sends.at(-1)?.at ?? null,
  };
}

/** The check stored with a held message. */
export const held = (reason: "stranger" | "late", effect: SenderCheck["effect"]): SenderCheck => ({
  state: "unknown",
  reason,
  effect,
});
