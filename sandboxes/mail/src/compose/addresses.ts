/** Who answers a stored message and where the answer goes. */
import addressparser, { type MailboxAddress } from "nodemailer/lib/addressparser";
import type { StoredMail } from "../store.ts";

/** The address the customer answers as: the first To recipient, else the envelope's, else Cc. */
export function customerOf(original: StoredMail): MailboxAddress | undefined {
  const address = original.to[0] ?? original.envelope.to[0] ?? original.cc[0];
  if (!address) return undefined;
  const named = mailboxes(original.headers.to).find((m) => m.address.toLowerCase() === address.toLowerCase());
  return named ?? { name: "", address };
}

/** Where a reply goes: the original's Reply-To, else its From. */
export function replyTargetOf(original: StoredMail): MailboxAddress[] {
  const replyTo = mailboxes(original.headers["reply-to"]);
  if (replyTo.length) return replyTo;
  const from = mailboxes(original.headers.from);
  return from.length ? from : original.from ? [{ name: "", address: original.from }] : [];
}

/** Where a bounce goes: the envelope sender (Return-Path), else From. */
export function bounceTargetOf(original: StoredMail): string | undefined {
  const returnPath = mailboxes(original.headers["return-path"])[0]?.address;
  return original.envelope.from || returnPath || original.from || undefined;
}

export function mailboxes(value: string | undefined): MailboxAddress[] {
  if (!value) return [];
  return addressparser(value, { flatten: true }).filter((m) => m.address.includes("@"));
}
