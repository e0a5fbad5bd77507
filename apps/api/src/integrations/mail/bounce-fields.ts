/** What a bounce says: the failed address, status and diagnostic, from a delivery report or its plain text. */

export interface BounceFacts {
  recipient: string | null;
  status: string | null;
  diagnostic: string | null;
  /** Not a failure: a delay warning (4.x.x, `Action: delayed`) or a success report (2.x.x). */
  transient: boolean;
  originalMessageId: string | null;
}

/** Where a plain-text bounce starts quoting the returned message. */
const RETURNED_COPY =
  /^[\s|-]*(original message|this is a copy of the message|message text follows|undelivered message|returned message)/im;

/** The failed address in a plain-text bounce (Gmail, Exim, Exchange and Office 365 wording). */
const FAILED_ADDRESS =
  /(?:following (?:recipient|address)|these recipients|did not reach|could not be delivered to|delivery to|not (?:yet )?been delivered)[^@]{0,200}?([^\s<>()"',;:[\]]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+)/i;

const ADDRESS = /[^\s<>()"',;:[\]]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+/i;

export function dsnFields(text: string) {
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
export function plainBounceFields(text: string, failedRecipients: string) {
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
