/**
 * Who gets a reminder (decision 0018), decided when it is sent: To the invoice's `BillEmail`, else
 * the customer's first billing contact that has not bounced; CC the invoice's `BillEmailCc`, the
 * 'Copy always' contacts and, from the company's chosen overdue reminder on, the 'Escalation'
 * ones; BCC the invoice's `BillEmailBcc`. An address that is not valid or bounced is never written
 * to and said why; each goes once (To wins over CC over BCC); at most MAX_COPIED in each.
 */
import { type ContactRole, MAX_COPIED, normaliseEmail } from "@recoup/contracts";
import { isEmailAddress } from "../../lib/email-addresses.ts";

export interface RecipientSources {
  invoice: { billEmail: string | null; billEmailCc: string | null; billEmailBcc: string | null };
  /** The customer's contacts, in the order Customer Details lists them. */
  contacts: readonly { email: string; role: ContactRole; bounced: boolean; bounceReason: string | null }[];
  /** Addresses that bounced (on any contact of the company), with what the bounce said. */
  bounced: ReadonlyMap<string, string | null>;
  /** This reminder copies the 'Escalation' contacts. */
  escalate: boolean;
  /** A manual send's To and CC as the user chose them. */
  chosen?: { to: readonly string[]; cc: readonly string[] } | undefined;
}

export interface Recipients {
  to: string[];
  cc: string[];
  bcc: string[];
  /** Who was left out and why, one sentence each. */
  notSent: string[];
}

/** The parts of a comma- (or semicolon-) separated list of addresses, as written. */
export const listParts = (text: string | null | undefined) =>
  (text ?? "")
    .split(/[,;]/)
    .map((part) => part.trim())
    .filter(Boolean);

/** Every address a reminder's recipients are chosen from, for one read of which bounced. */
export function candidateAddresses(s: Omit<RecipientSources, "bounced" | "escalate">) {
  return [
    ...listParts(s.invoice.billEmail),
    ...listParts(s.invoice.billEmailCc),
    ...listParts(s.invoice.billEmailBcc),
    ...s.contacts.map((c) => c.email),
    ...(s.chosen ? [...s.chosen.to, ...s.chosen.cc] : []),
  ].map(normaliseEmail);
}

export function chooseRecipients(s: RecipientSources): Recipients {
  const notSent = new Set<string>();
  const bounced = new Map(s.bounced);
  for (const c of s.contacts) if (c.bounced && !bounced.has(c.email)) bounced.set(c.email, c.bounceReason);
  const seen = new Set<string>();
  const usable = (raw: string) => {
    const address = normaliseEmail(raw);
    if (!isEmailAddress(address)) {
      notSent.add(`Not sent to ${raw}: it is not a valid email address.`);
      return null;
    }
    if (bounced.has(address)) {
      const why = bounced.get(address);
      notSent.add(`Not sent to ${address}: the address bounced${why ? ` (${why})` : ""}.`);
      return null;
    }
    return address;
  };
  const take = (field: "To" | "CC" | "BCC", parts: readonly string[]) => {
    const out: string[] = [];
    for (const raw of parts) {
      const address = usable(raw);
      if (!address || seen.has(address)) continue;
      seen.add(address);
      out.push(address);
    }
    const over = out.splice(MAX_COPIED);
    if (over.length)
      notSent.add(`Not sent to ${over.join(", ")}: ${field} takes at most ${MAX_COPIED} addresses.`);
    return out;
  };
  const byRole = (role: ContactRole) => s.contacts.filter((c) => c.role === role).map((c) => c.email);
  let to = take("To", s.chosen?.to ?? listParts(s.invoice.billEmail));
  if (to.length === 0 && !s.chosen) {
    const first = byRole("billing").find((a) => !bounced.has(a));
    if (first) to = take("To", [first]);
  }
  const cc = take(
    "CC",
    s.chosen?.cc ?? [
      ...listParts(s.invoice.billEmailCc),
      ...byRole("copy_always"),
      ...(s.escalate ? byRole("escalation") : []),
    ],
  );
  const bcc = take("BCC", listParts(s.invoice.billEmailBcc));
  return { to, cc, bcc, notSent: [...notSent] };
}

/** Why nothing can be sent: no address left once the bad ones are out. */
export const noRecipientReason = (r: Recipients) =>
  ["Not sent: no usable email address for this invoice.", ...r.notSent].join(" ");

/**
 * Whether this reminder copies the 'Escalation' contacts: it goes after the due date, and counting
 * it, the invoice's reminders sent after the due date reach the company's chosen number.
 */
export function escalates(p: {
  escalateFrom: number | null;
  dueDate: string | null;
  today: string;
  /** The local dates the invoice's reminders were sent on. */
  sentOn: readonly string[];
}) {
  const { escalateFrom, dueDate, today } = p;
  if (escalateFrom === null || !dueDate || today <= dueDate) return false;
  return p.sentOn.filter((d) => d > dueDate).length + 1 >= escalateFrom;
}

/**
 * A combined reminder's recipients (decision 0021): each of its invoices' (`chooseRecipients`),
 * merged. Each address goes once, To winning over CC over BCC; at most MAX_COPIED in each.
 */
export function mergeRecipients(list: readonly Recipients[]): Recipients {
  const notSent = new Set(list.flatMap((r) => r.notSent));
  const seen = new Set<string>();
  const take = (field: "To" | "CC" | "BCC", addresses: readonly string[]) => {
    const out = [...new Set(addresses)].filter((a) => !seen.has(a));
    for (const a of out) seen.add(a);
    const over = out.splice(MAX_COPIED);
    if (over.length)
      notSent.add(`Not sent to ${over.join(", ")}: ${field} takes at most ${MAX_COPIED} addresses.`);
    return out;
  };
  const to = take(
    "To",
    list.flatMap((r) => r.to),
  );
  const cc = take(
    "CC",
    list.flatMap((r) => r.cc),
  );
  const bcc = take(
    "BCC",
    list.flatMap((r) => r.bcc),
  );
  return { to, cc, bcc, notSent: [...notSent] };
}
