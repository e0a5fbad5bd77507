import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import * as chrono from "chrono-node";
import EmailReplyParser from "email-reply-parser";
import { type AddressObject, type HeaderValue, type ParsedMail, simpleParser } from "mailparser";

/**
 * An email a relay posted to Recoup, parsed and classified: a person's reply, an automatic reply
 * (out of office), or a bounce. Classification follows research/email.md: bounce signals first
 * (they also carry Auto-Submitted), then RFC 3834 and de-facto auto-reply headers and subjects in
 * English, German, French and Spanish; `X-Auto-Response-Suppress` alone is never a signal.
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
  text: string;
  html: string | null;
  /** The text without quoted history. */
  replyText: string;
  attachments: { filename: string; contentType: string; size: number }[];
  kind: "reply" | "auto_reply" | "bounce";
  /** An automatic reply's named date (the last one it mentions ahead of its own date), YYYY-MM-DD. */
  returnDate: string | null;
  bounce: {
    recipient: string | null;
    status: string | null;
    diagnostic: string | null;
    /** Not a failure: a delay warning (4.x.x, `Action: delayed`) or a success report (2.x.x). */
    transient: boolean;
    originalMessageId: string | null;
  } | null;
  sha256: string;
}

/** At most this much is read from one message (attachments are listed, never kept). */
export const MAX_INBOUND_BYTES = 25 * 1024 * 1024;

const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * Checks `X-Inbound-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, t + "." + body)>` (the shape
 * of Stripe's webhook signature), in constant time, within five minutes of `now`.
 */
export function verifyInboundSignature(secret: string, header: string | undefined, body: Buffer, now: Date) {
  if (!header) return false;
  const parts = header.split(",").map((p) => p.trim().split("="));
  const t = parts.find(([k]) => k === "t")?.[1];
  const signatures = parts.filter(([k]) => k === "v1").map(([, v]) => v ?? "");
  if (!t || !/^\d{1,12}$/.test(t) || signatures.length === 0) return false;
  if (Math.abs(now.getTime() / 1000 - Number(t)) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = createHmac("sha256", secret).update(`${t}.`).update(body).digest();
  return signatures.some((hex) => {
    const given = Buffer.from(hex, "hex");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

const ids = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value : value ? value.split(/\s+/) : [])
    .map((id) => id.trim())
    .filter((id) => /^<[^<>\s]+>$/.test(id));

const addresses = (value: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(value) ? value : value ? [value] : [])
    .flatMap((a) => a.value)
    .map((a) => a.address?.toLowerCase() ?? "")
    .filter(Boolean);

const headerText = (value: HeaderValue | undefined): string => {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((v) => headerText(v as HeaderValue)).join(" ");
  if (typeof value === "object" && "value" in value) {
    const v = (value as { value: unknown }).value;
    if (typeof v === "string") return v;
    if (Array.isArray(v)) return v.map((a) => (a as { address?: string }).address ?? "").join(" ");
  }
  if (typeof value === "object" && "text" in value) return String((value as { text: unknown }).text);
  return String(value);
};

/**
 * Subjects auto-responders use (after Re:/AW:/SV: prefixes), in the four languages we read. A bare
 * "Auto", "OOO" or "OOF" counts only with its colon, so a subject such as "Auto loan" stays a person's.
 */
const AUTO_SUBJECT =
  /^(?:(?:automatic reply|auto[- ]?reply|auto[- ]?response|automatic response|out of (?:the )?office(?: autoreply)?|abwesenheitsnotiz|automatische antwort|abwesend|r[ée]ponse automatique|absence|absente?|respuesta autom[áa]tica|fuera de la oficina|ausencia)\b|(?:auto|ooo|oof)\s*:)/i;
const BOUNCE_SUBJECT =
  /^(undeliver(able|ed)|delivery (status notification|has failed|failure|notification)|delayed mail|warning: (message .* delayed|could not send)|mail delivery (failed|failure|subsystem)|mail failed|returned mail|failure notice|nicht zustellbar|unzustellbar|non remis|non distribuable|no se puede entregar|no entregado|non recapitabile)/i;
/** Wording of a delay warning (the message is still being retried), in a bounce's subject. */
const DELAY_SUBJECT = /\b(delay(ed)?|warning|verz[öo]gert|retard[ée]?|retrasad[oa])\b/i;
const REPLY_PREFIX = /^((re|aw|sv|wg|fw|fwd|tr|rv)\s*:\s*)+/i;
/** Senders of delivery reports (a bare "MAILER-DAEMON" has no domain). */
const DAEMON = /^(mailer-daemon|postmaster|mail-daemon)(@|$)/i;
/** Where a plain-text bounce starts quoting the returned message. */
const RETURNED_COPY =
  /^[\s|-]*(original message|this is a copy of the message|message text follows|undelivered message|returned message)/im;
/** The failed address in a plain-text bounce (Gmail, Exim, Exchange and Office 365 wording). */
const FAILED_ADDRESS =
  /(?:following (?:recipient|address)|these recipients|did not reach|could not be delivered to|delivery to|not (?:yet )?been delivered)[^@]{0,200}?([^\s<>()"',;:[\]]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+)/i;
const ADDRESS = /[^\s<>()"',;:[\]]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+/i;

function dsnFields(text: string) {
  // A field may be folded over several lines (a long Diagnostic-Code).
  const field = (name: string) =>
    new RegExp(`^${name}:[ \\t]*(.+(?:\\r?\\n[ \\t]+.+)*)`, "im")
      .exec(text)?.[1]
      ?.replace(/\s+/g, " ")
      .trim() ?? null;
  const recipient = field("Final-Recipient") ?? field("Original-Recipient");
  const status = field("Status");
  return {
    recipient: recipient
      ? (recipient
          .replace(/^rfc822;\s*/i, "")
          .replace(/[<>]/g, "")
          .trim()
          .toLowerCase() ?? null)
      : null,
    status: status ? (/\d\.\d{1,3}\.\d{1,3}/.exec(status)?.[0] ?? status) : null,
    action: field("Action")?.toLowerCase() ?? null,
    diagnostic: field("Diagnostic-Code")?.replace(/^smtp;\s*/i, "") ?? null,
  };
}

/**
 * What a bounce without a delivery-status part says in its words (Gmail's "Delivery Status
 * Notification", Exim, Exchange and Office 365 NDRs): the failed address (X-Failed-Recipients
 * first), the enhanced status code (or the SMTP reply code as X.0.0), and the line giving it.
 */
function plainBounceFields(text: string, failedRecipients: string) {
  const copy = RETURNED_COPY.exec(text);
  const report = copy ? text.slice(0, copy.index) : text;
  const recipient = (
    ADDRESS.exec(failedRecipients)?.[0] ??
    FAILED_ADDRESS.exec(report)?.[1] ??
    null
  )?.toLowerCase();
  // An enhanced code after its reply code ("550 5.1.1 …") is the server's answer; a lone one may
  // be a help text's ("see DSN 5.1.10"), and a lone reply code is the last resort.
  const code =
    /(?<![\d.])[45]\d\d[ -]([245]\.\d{1,3}\.\d{1,3})(?![\d.]*\d)/.exec(report) ??
    /(?<![\d.])([245]\.\d{1,3}\.\d{1,3})(?![\d.]*\d)/.exec(report);
  const basic = code ? null : /(?:^[ \t]*|:[ \t]*|\bwas:?\s+)(([45])\d\d)(?=[ -])/im.exec(report);
  const start = code ? code.index : basic ? basic.index + basic[0].indexOf(basic[1]!) : -1;
  const lineEnd = report.indexOf("\n", start);
  const diagnostic =
    start < 0
      ? null
      : report
          .slice(start, lineEnd < 0 ? undefined : lineEnd)
          .trim()
          .slice(0, 300);
  return {
    recipient: recipient ?? null,
    status: code?.[1] ?? (basic ? `${basic[2]}.0.0` : null),
    diagnostic: diagnostic || null,
  };
}

const chronoParsers = (() => {
  // German short dates without a year ("bis 4.12.", "vom 20.11. bis 04.12."), which chrono's
  // German parser reads only with a year; a keyword before them keeps "Ziffer 3.2." a number.
  const de = chrono.de.casual.clone();
  de.parsers.push({
    pattern: () =>
      /(?:\b(?:bis|ab|am|vom|zum|einschlie(?:ß|ss)lich|einschl\.|den|dem|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag)|[,–-])[ \t]*(\d{1,2})\.(\d{1,2})\.(?!\d)/i,
    extract: (_context, match) => {
      const day = Number(match[1]);
      const month = Number(match[2]);
      return day >= 1 && day <= 31 && month >= 1 && month <= 12 ? { day, month } : null;
    },
  });
  return [chrono.en.casual, chrono.en.GB, de, chrono.fr.casual, chrono.es.casual];
})();

const isoDay = (year: number, month: number, day: number) => {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 ? date.toISOString().slice(0, 10) : null;
};

/**
 * The return date an automatic reply names, YYYY-MM-DD: the latest day it mentions after `sent`
 * (within a year). A range counts by its end ("from 20 November to 4 December"). A day without a
 * year is this year's, or next year's when this year's is over four months past. Where parsers read
 * one phrase differently, the longest reading wins, and between equally long ones ("04/12" is 12
 * April in the US and 4 December elsewhere) the nearer day: absences are short, and a reminder to
 * someone still away costs less than weeks of silence.
 */
export function namedReturnDate(text: string, sent: Date): string | null {
  const from = sent.toISOString().slice(0, 10);
  const limit = new Date(sent.getTime() + 365 * 86_400_000).toISOString().slice(0, 10);
  const refYear = sent.getUTCFullYear();
  const rolloverBefore = new Date(sent.getTime() - 120 * 86_400_000).toISOString().slice(0, 10);
  const found: { start: number; end: number; day: string }[] = [];
  for (const parser of chronoParsers) {
    for (const result of parser.parse(text, { instant: sent }, { forwardDate: true })) {
      const certain = (point: chrono.ParsedComponents | null | undefined) =>
        point?.isCertain("day") && point.isCertain("month") ? point : null;
      const point = certain(result.end) ?? certain(result.start);
      if (!point) continue;
      const [month, day] = [point.get("month") ?? 0, point.get("day") ?? 0];
      let date = isoDay(point.isCertain("year") ? (point.get("year") ?? 0) : refYear, month, day);
      // A day without a year that has just passed ("vom 20.11. bis 4.12.") is this year's, gone;
      // one long past ("back on 5 January", written in November) is next year's.
      if (date && date <= from && !point.isCertain("year") && date < rolloverBefore) {
        date = isoDay(refYear + 1, month, day);
      }
      if (!date || date <= from) continue;
      if (date <= limit) {
        found.push({ start: result.index, end: result.index + result.text.length, day: date });
      }
    }
  }
  found.sort((a, b) => a.start - b.start);
  let latest: string | null = null;
  for (let i = 0; i < found.length; ) {
    // Overlapping matches of several parsers are one phrase, read by the longest match ("lundi 7
    // décembre", not English's "7 d[ays]"); between equally long readings, the nearer day.
    let end = found[i]!.end;
    let best = found[i]!;
    for (i++; i < found.length && found[i]!.start < end; i++) {
      const next = found[i]!;
      end = Math.max(end, next.end);
      const [length, bestLength] = [next.end - next.start, best.end - best.start];
      if (length > bestLength || (length === bestLength && next.day < best.day)) best = next;
    }
    if (!latest || best.day > latest) latest = best.day;
  }
  return latest;
}

function classify(mail: ParsedMail, text: string): Pick<InboundMail, "kind" | "bounce"> {
  const header = (name: string) => headerText(mail.headers.get(name)).trim();
  const contentType = mail.headers.get("content-type") as { value?: string; params?: Record<string, string> };
  const from = addresses(mail.from)[0] ?? "";
  const subject = (mail.subject ?? "").replace(REPLY_PREFIX, "").trim();
  const reportType =
    contentType?.value?.toLowerCase() === "multipart/report"
      ? (contentType.params?.["report-type"]?.toLowerCase() ?? "")
      : null;
  // mailparser keeps a delivery-status part in `text`, unless it is marked as an attachment.
  const statusParts = mail.attachments
    .filter((a) => /^message\/(global-)?delivery-status$/i.test(a.contentType))
    .map((a) => a.content.toString("utf8"));
  const dsn = dsnFields([text, ...statusParts].join("\n"));
  const daemon = DAEMON.test(from);
  const nullSender = /^<?\s*>?$/.test(header("return-path")) && mail.headers.has("return-path");
  const failedRecipients = header("x-failed-recipients");
  if (
    reportType === "delivery-status" ||
    daemon ||
    failedRecipients !== "" ||
    (nullSender && BOUNCE_SUBJECT.test(subject))
  ) {
    const headersPart = mail.attachments.find((a) => /rfc822-headers|message\/rfc822/i.test(a.contentType));
    const originalMessageId =
      /^Message-ID:\s*(<[^>]+>)/im.exec(headersPart?.content.toString("utf8") ?? "")?.[1] ??
      /^Message-ID:\s*(<[^>]+>)/im.exec(text)?.[1] ??
      null;
    const plain = dsn.recipient && dsn.status ? null : plainBounceFields(text, failedRecipients);
    const status = dsn.status ?? plain?.status ?? null;
    return {
      kind: "bounce",
      bounce: {
        recipient: dsn.recipient ?? plain?.recipient ?? null,
        status,
        diagnostic: dsn.diagnostic ?? plain?.diagnostic ?? null,
        transient:
          /^(delayed|delivered|relayed|expanded)$/.test(dsn.action ?? "") ||
          Boolean(status?.startsWith("4.") || status?.startsWith("2.")) ||
          (dsn.action === null && DELAY_SUBJECT.test(subject)),
        originalMessageId,
      },
    };
  }
  const autoSubmitted = header("auto-submitted").toLowerCase();
  const precedence = header("precedence").toLowerCase();
  const automatic =
    (autoSubmitted !== "" && !autoSubmitted.startsWith("no")) ||
    // Read receipts and other reports (a delivery report is a bounce, above).
    reportType !== null ||
    /^yes$/i.test(header("x-autoreply")) ||
    mail.headers.has("x-autorespond") ||
    mail.headers.has("x-autoreply-from") ||
    mail.headers.has("x-mail-autoreply") ||
    /reply/i.test(header("x-autogenerated")) ||
    /vacation/i.test(header("x-apple-action")) ||
    /auto[_-]reply/.test(precedence) ||
    /mailbox rules agent/i.test(header("x-ms-exchange-generated-message-source")) ||
    // An Exchange inbox rule's own message (out of office) has a null sender; a forward keeps one.
    (nullSender && mail.headers.has("x-ms-exchange-inbox-rules-loop")) ||
    AUTO_SUBJECT.test(subject);
  return { kind: automatic ? "auto_reply" : "reply", bounce: null };
}

/** Parses a raw RFC 5322 message as a relay posted it; return dates are read relative to `now`. */
export async function parseInbound(raw: Buffer, envelopeTo: string[], now: Date): Promise<InboundMail> {
  const mail = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true });
  const text = mail.text ?? "";
  const date = mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date : new Date();
  const sha256 = createHash("sha256").update(raw).digest("hex");
  const { kind, bounce } = classify(mail, text);
  const recipients = [
    ...envelopeTo.map((a) => a.toLowerCase()),
    ...addresses(mail.to),
    ...addresses(mail.cc),
    ...headerText(mail.headers.get("x-original-to"))
      .toLowerCase()
      .split(/[\s,]+/),
    ...headerText(mail.headers.get("delivered-to"))
      .toLowerCase()
      .split(/[\s,]+/),
  ].filter((a) => a.includes("@"));
  const references = [...ids(mail.inReplyTo), ...ids(mail.references).reverse()];
  let replyText = text;
  try {
    replyText = new EmailReplyParser().parseReply(text).trim() || text;
  } catch {
    // A text the parser cannot split is shown whole.
  }
  return {
    // A message without an id gets one from its content, so a relay's retry is still one message.
    messageId: ids(mail.messageId)[0] ?? `<${sha256}@inbound.recoup.invalid>`,
    inReplyTo: ids(mail.inReplyTo)[0] ?? null,
    references: [...new Set(references)],
    from: addresses(mail.from)[0] ?? "",
    recipients: [...new Set(recipients)],
    subject: mail.subject ?? "",
    date,
    text,
    html: typeof mail.html === "string" ? mail.html : null,
    replyText,
    attachments: mail.attachments
      .filter((a) => a.contentDisposition === "attachment" || a.filename)
      .map((a) => ({
        filename: a.filename ?? "attachment",
        contentType: a.contentType,
        size: a.size,
      })),
    kind,
    returnDate: kind === "auto_reply" ? namedReturnDate(`${mail.subject ?? ""}\n${text}`, now) : null,
    bounce,
    sha256,
  };
}
