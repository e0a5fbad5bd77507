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
    /** A 4.x.x status: a delay warning, not a failure. */
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

/** Subjects auto-responders use (after Re:/AW:/SV: prefixes), in the four languages we read. */
const AUTO_SUBJECT =
  /^(automatic reply|auto reply|auto response|automatic response|auto|out of (the )?office( autoreply)?|ooo|oof|abwesenheitsnotiz|automatische antwort|abwesend|r[ée]ponse automatique|absence|absent|respuesta autom[áa]tica|fuera de la oficina|ausencia)\b/i;
const BOUNCE_SUBJECT =
  /^(undeliver(able|ed)|delivery (status notification|has failed|failure)|mail delivery (failed|failure|subsystem)|returned mail|failure notice|nicht zustellbar|unzustellbar|non remis|non distribuable|no se puede entregar|no entregado)/i;
const REPLY_PREFIX = /^((re|aw|sv|wg|fw|fwd|tr|rv)\s*:\s*)+/i;
const DAEMON = /^(mailer-daemon|postmaster|mail-daemon)@/i;

function dsnFields(text: string) {
  const field = (name: string) => new RegExp(`^${name}:\\s*(.+)$`, "im").exec(text)?.[1]?.trim() ?? null;
  const recipient = field("Final-Recipient") ?? field("Original-Recipient");
  const status = field("Status");
  return {
    recipient: recipient
      ? (recipient
          .replace(/^rfc822;\s*/i, "")
          .trim()
          .toLowerCase() ?? null)
      : null,
    status: status ? (/\d\.\d{1,3}\.\d{1,3}/.exec(status)?.[0] ?? status) : null,
    action: field("Action")?.toLowerCase() ?? null,
    diagnostic: field("Diagnostic-Code")?.replace(/^smtp;\s*/i, "") ?? null,
  };
}

const chronoParsers = [chrono.en.casual, chrono.en.GB, chrono.de.casual, chrono.fr.casual, chrono.es.casual];

/** The latest day an automatic reply names after `sent` (within a year), YYYY-MM-DD. */
export function namedReturnDate(text: string, sent: Date): string | null {
  const from = sent.toISOString().slice(0, 10);
  const limit = new Date(sent.getTime() + 365 * 86_400_000).toISOString().slice(0, 10);
  let latest: string | null = null;
  for (const parser of chronoParsers) {
    for (const result of parser.parse(text, { instant: sent }, { forwardDate: true })) {
      for (const point of [result.start, result.end]) {
        if (!point?.isCertain("day") || !point.isCertain("month")) continue;
        const day = [point.get("year"), point.get("month"), point.get("day")]
          .map((n, i) => String(n).padStart(i === 0 ? 4 : 2, "0"))
          .join("-");
        if (day > from && day <= limit && (!latest || day > latest)) latest = day;
      }
    }
  }
  return latest;
}

function classify(mail: ParsedMail, text: string): Pick<InboundMail, "kind" | "bounce"> {
  const header = (name: string) => headerText(mail.headers.get(name)).trim();
  const contentType = mail.headers.get("content-type") as { value?: string; params?: Record<string, string> };
  const from = addresses(mail.from)[0] ?? "";
  const subject = (mail.subject ?? "").replace(REPLY_PREFIX, "").trim();
  const report =
    contentType?.value?.toLowerCase() === "multipart/report" &&
    contentType.params?.["report-type"]?.toLowerCase() === "delivery-status";
  const dsn = dsnFields(text);
  const daemon = DAEMON.test(from);
  const nullSender = /^<?\s*>?$/.test(header("return-path")) && mail.headers.has("return-path");
  if (
    report ||
    (daemon && (dsn.status || BOUNCE_SUBJECT.test(subject))) ||
    (nullSender && BOUNCE_SUBJECT.test(subject))
  ) {
    const headersPart = mail.attachments.find((a) => /rfc822-headers|message\/rfc822/i.test(a.contentType));
    const originalMessageId =
      /^Message-ID:\s*(<[^>]+>)/im.exec(headersPart?.content.toString("utf8") ?? "")?.[1] ??
      /^Message-ID:\s*(<[^>]+>)/im.exec(text)?.[1] ??
      null;
    return {
      kind: "bounce",
      bounce: {
        recipient: dsn.recipient,
        status: dsn.status,
        diagnostic: dsn.diagnostic,
        transient: dsn.action === "delayed" || Boolean(dsn.status?.startsWith("4.")),
        originalMessageId,
      },
    };
  }
  const autoSubmitted = header("auto-submitted").toLowerCase();
  const precedence = header("precedence").toLowerCase();
  const automatic =
    (autoSubmitted !== "" && autoSubmitted !== "no") ||
    /^yes$/i.test(header("x-autoreply")) ||
    mail.headers.has("x-autorespond") ||
    mail.headers.has("x-autoreply-from") ||
    mail.headers.has("x-mail-autoreply") ||
    /reply/i.test(header("x-autogenerated")) ||
    /vacation/i.test(header("x-apple-action")) ||
    /auto[_-]reply/.test(precedence) ||
    /mailbox rules agent/i.test(header("x-ms-exchange-generated-message-source")) ||
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
