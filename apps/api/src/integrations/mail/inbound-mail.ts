import EmailReplyParser from "email-reply-parser";
import { classify } from "./classify.ts";
import { envelopeOf, sha256Of } from "./inbound-envelope.ts";
import { type InboundMail, UnreadableMail } from "./inbound-records.ts";
import { MIME_LIMITS, type MimeLimits, mimeShapeProblem } from "./mime-shape.ts";
import { MailReadError, type ReadMail, readMail } from "./read-mail.ts";
import { namedReturnDate } from "./return-date.ts";

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
