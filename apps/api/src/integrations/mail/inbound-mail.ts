import { createHash } from "node:crypto";
import type { InboundFailureReason } from "@recoup/contracts";
import EmailReplyParser from "email-reply-parser";
import { addresses, type BounceFacts, classify, headerText, ids, type MailKind } from "./classify.ts";
import { MIME_LIMITS, type MimeLimits, mimeShapeProblem, topHeaderBlock } from "./mime-shape.ts";
import { MailReadError, type ReadMail, readMail } from "./read-mail.ts";
import { namedReturnDate } from "./return-date.ts";

/**
 * An email a relay posted to Recoup, parsed and classified: a person's reply, an automatic reply
 * (out of office), or a bounce (see classify.ts).
 */
export interface InboundMail {
  messageId: string;
  inReplyTo: string | null;
  /** Every Message-ID the message points back to, nearest first. */
  references: string[];
  from: string;
  /** Every address it was sent to (To, Cc, X-Original-To, Delivered-To), lower case. */
  recipients: string[];
  subject: string;
  date: Date;
  /** The text, its first TEXT_LIMIT bytes. */
  text: string;
  /** The HTML, when it is at most HTML_LIMIT (over that, the text stands for it). */
  html: string | null;
  /** The text without quoted history. */
  replyText: string;
  attachments: { filename: string; contentType: string; size: number }[];
  kind: MailKind;
  /** An automatic reply's named date (the last one it mentions ahead of its own date), YYYY-MM-DD. */
  returnDate: string | null;
  bounce: BounceFacts | null;
  sha256: string;
}

/** What a message's own header says: where it belongs, even when the rest cannot be read. */
export type InboundEnvelope = Pick<
  InboundMail,
  "messageId" | "inReplyTo" | "references" | "from" | "recipients" | "subject" | "sha256"
>;

/** At most this much is read from one message (attachments are listed, never kept). */
export const MAX_INBOUND_BYTES = 25 * 1024 * 1024;

export interface InboundLimits extends MimeLimits {
  /** How long reading one message may take, in milliseconds. */
  budgetMs: number;
}
export const INBOUND_LIMITS: InboundLimits = { ...MIME_LIMITS, budgetMs: 15_000 };

/**
 * The slow steps read a bounded start of the text, so a huge message costs no more than a large
 * one: chrono takes seconds for 16 KB, email-reply-parser grows with the square of its input, and
 * sanitising HTML takes about a second a megabyte.
 */
const TEXT_LIMIT = 1024 * 1024;
const HTML_LIMIT = 512 * 1024;
const CLASSIFY_LIMIT = 256 * 1024;
const REPLY_LIMIT = 16 * 1024;
const RETURN_DATE_LIMIT = 4 * 1024;

/** A message that cannot be read within the limits: kept aside as it came, with the reason. */
export class UnreadableMail extends Error {
  constructor(
    readonly reason: InboundFailureReason,
    readonly detail: string,
  ) {
    super(detail);
  }
}

const envelopeOf = (mail: ReadMail, envelopeTo: string[], sha256: string): InboundEnvelope => {
  const recipients = [
    ...envelopeTo.map((a) => a.trim().toLowerCase()),
    ...addresses(mail.to),
    ...addresses(mail.cc),
    ...headerText(mail.headers.get("x-original-to"))
      .toLowerCase()
      .split(/[\s,]+/),
    ...headerText(mail.headers.get("delivered-to"))
      .toLowerCase()
      .split(/[\s,]+/),
  ].filter((a) => a.includes("@"));
  return {
    // A message without an id gets one from its content, so a relay's retry is still one message.
    messageId: ids(mail.messageId)[0] ?? `<${sha256}@inbound.recoup.invalid>`,
    inReplyTo: ids(mail.inReplyTo)[0] ?? null,
    references: [...new Set([...ids(mail.inReplyTo), ...ids(mail.references).reverse()])],
    from: addresses(mail.from)[0] ?? "",
    recipients: [...new Set(recipients)],
    subject: mail.subject ?? "",
    sha256,
  };
};

const sha256Of = (raw: Buffer) => createHash("sha256").update(raw).digest("hex");

/**
 * Parses a raw RFC 5322 message as a relay posted it; return dates are read relative to `now`.
 * Throws UnreadableMail when the message goes over a limit of its shape or takes longer than the
 * budget to read.
 */
export async function parseInbound(
  raw: Buffer,
  envelopeTo: string[],
  now: Date,
  limits: InboundLimits = INBOUND_LIMITS,
): Promise<InboundMail> {
  const deadline = Date.now() + limits.budgetMs;
  const problem = mimeShapeProblem(raw, limits);
  if (problem) throw new UnreadableMail(problem.reason, problem.detail);
  let mail: ReadMail;
  try {
    mail = await readMail(raw, deadline);
  } catch (error) {
    if (!(error instanceof MailReadError)) throw error;
    const budget = limits.budgetMs < 1000 ? `${limits.budgetMs} ms` : `${limits.budgetMs / 1000} s`;
    throw new UnreadableMail(
      error.reason,
      error.reason === "too_slow" ? `Reading it took longer than ${budget}.` : error.message,
    );
  }
  const text =
    mail.text.length > TEXT_LIMIT
      ? `${mail.text.slice(0, TEXT_LIMIT)}\n[The rest of this message's text is not shown.]`
      : mail.text;
  const { kind, bounce } = classify(mail, text.slice(0, CLASSIFY_LIMIT));
  let replyText = text;
  try {
    replyText = new EmailReplyParser().parseReply(text.slice(0, REPLY_LIMIT)).trim() || text;
  } catch {
    // A text the parser cannot split is shown whole.
  }
  const head = `${mail.subject ?? ""}\n${text}`.slice(0, RETURN_DATE_LIMIT);
  return {
    ...envelopeOf(mail, envelopeTo, sha256Of(raw)),
    date: mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date : new Date(),
    text,
    html: mail.html !== null && mail.html.length <= HTML_LIMIT ? mail.html : null,
    replyText,
    attachments: mail.attachments
      .filter((a) => a.contentDisposition === "attachment" || a.filename)
      .map((a) => ({ filename: a.filename ?? "attachment", contentType: a.contentType, size: a.size })),
    kind,
    returnDate: kind === "auto_reply" ? namedReturnDate(head, now) : null,
    bounce,
  };
}

/**
 * The envelope of a message that could not be read whole, from its own header block alone (read
 * within a second); a header that cannot be read either gives an envelope of the relay's
 * recipients only.
 */
export async function inboundEnvelope(
  raw: Buffer,
  envelopeTo: string[],
  limits: MimeLimits = MIME_LIMITS,
): Promise<InboundEnvelope> {
  const sha256 = sha256Of(raw);
  const empty: ReadMail = { headers: new Map(), text: "", html: null, attachments: [] };
  const mail = await readMail(topHeaderBlock(raw, limits.maxHeaderBytes), Date.now() + 1000).catch(
    () => empty,
  );
  return envelopeOf(mail, envelopeTo, sha256);
}
