import type { AddressObject, HeaderValue } from "mailparser";
import type { ReadMail } from "./read-mail.ts";

export type MailKind = "reply" | "auto_reply" | "bounce";
export interface BounceFacts {
  recipient: string | null;
  status: string | null;
  diagnostic: string | null;
  /** Not a failure: a delay warning (4.x.x, `Action: delayed`) or a success report (2.x.x). */
  transient: boolean;
  originalMessageId: string | null;
}

/** The Message-IDs of an In-Reply-To or References header (mailparser gives one id as a string). */
export const ids = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value : value ? value.split(/\s+/) : [])
    .map((id) => id.trim())
    .filter((id) => /^<[^<>\s]+>$/.test(id));

export const addresses = (value: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(value) ? value : value ? [value] : [])
    .flatMap((a) => a.value)
    .map((a) => a.address?.toLowerCase() ?? "")
    .filter(Boolean);

export const headerText = (value: HeaderValue | undefined): string => {
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

/**
 * A person's reply, an automatic reply (out of office) or a bounce, following research/email.md:
 * bounce signals first (they also carry Auto-Submitted), then RFC 3834 and de-facto auto-reply
 * headers and subjects in English, German, French and Spanish; `X-Auto-Response-Suppress` alone is
 * never a signal. `text` is the start of the message's text (a report's fields come first).
 */
export function classify(mail: ReadMail, text: string): { kind: MailKind; bounce: BounceFacts | null } {
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
