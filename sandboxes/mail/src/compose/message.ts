/** Composing a raw RFC 5322 message (CRLF, a fresh Message-ID) with its SMTP envelope and threading. */
import { randomUUID } from "node:crypto";
import MailComposer, { type MailComposerOptions } from "nodemailer/lib/mail-composer";
import { SANDBOX_HOSTNAME } from "../smtp.ts";
import type { StoredMail } from "../store.ts";

export interface ComposedMessage {
  raw: Buffer;
  messageId: string;
  /** The SMTP envelope it would travel with: `from` "" is the null sender; `to[0]` is where it is delivered. */
  envelope: { from: string; to: string[] };
}

export async function compose(
  mail: MailComposerOptions,
  envelopeFrom: string,
  messageIdAddress: string,
  recipient: string,
  now: Date,
  rootContentType?: string,
): Promise<ComposedMessage> {
  const domain = messageIdAddress.split("@").pop() || SANDBOX_HOSTNAME;
  const messageId = `<${randomUUID()}@${domain}>`;
  const node = new MailComposer({ ...mail, messageId, date: now, newline: "win" }).compile();
  if (rootContentType) node.setHeader("Content-Type", rootContentType);
  const raw = await node.build();
  return { raw, messageId, envelope: { from: envelopeFrom, to: [recipient] } };
}

/** In-Reply-To and References (RFC 5322 §3.6.4): the parent's References, else its In-Reply-To, plus its id. */
export function threading(original: StoredMail): Pick<MailComposerOptions, "inReplyTo" | "references"> {
  if (!original.messageId) return {};
  const parents = messageIds(original.headers.references ?? original.headers["in-reply-to"]);
  return { inReplyTo: original.messageId, references: [...parents, original.messageId] };
}

function messageIds(value: string | undefined): string[] {
  return value?.match(/<[^<>\s]+>/g) ?? [];
}

export function prefixed(prefix: string, subject: string, already: RegExp): string {
  return already.test(subject) ? subject : `${prefix}${subject}`;
}

export function rfc5322Date(date: Date): string {
  return date.toUTCString().replace(/GMT$/, "+0000");
}
