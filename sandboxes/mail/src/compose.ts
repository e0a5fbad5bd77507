/**
 * Builds what a customer's mailbox sends back to a stored message: a human reply, an out-of-office
 * auto-reply (RFC 3834) or a bounce (an RFC 3464 delivery status notification), as raw RFC 5322 bytes.
 */
import { randomUUID } from "node:crypto";
import addressparser, { type MailboxAddress } from "nodemailer/lib/addressparser";
import MailComposer, { type MailComposerOptions } from "nodemailer/lib/mail-composer";
import { SANDBOX_HOSTNAME } from "./smtp.ts";
import type { StoredMail } from "./store.ts";

export const OUT_OF_OFFICE_LANGUAGES = ["en", "de", "fr", "es"] as const;
export type OutOfOfficeLanguage = (typeof OUT_OF_OFFICE_LANGUAGES)[number];

export interface ReplyInput {
  /** The reply's own text (default: a short promise to pay); the quoted original follows it. */
  text?: string | undefined;
  /** An HTML version; the original follows it in a blockquote. */
  html?: string | undefined;
  /** Who replies (default: the original's first recipient), e.g. `Ada <ada@example.com>`. */
  from?: string | undefined;
}

export interface OutOfOfficeInput {
  /** The first day back, YYYY-MM-DD. Without it the auto-reply names no date. */
  returnDate?: string | undefined;
  language?: OutOfOfficeLanguage | undefined;
}

export interface BounceInput {
  /** An RFC 3463 status: 5.x.x is a failure, 4.x.x a delay (default 5.1.1, user unknown). */
  status?: string | undefined;
  /** The Diagnostic-Code text after `smtp; ` (default: an SMTP reply that fits the status). */
  diagnostic?: string | undefined;
}

export interface ComposedMessage {
  raw: Buffer;
  messageId: string;
  /** The SMTP envelope it would travel with: `from` "" is the null sender; `to[0]` is where it is delivered. */
  envelope: { from: string; to: string[] };
}

export const DEFAULT_REPLY_TEXT = "Thank you for the reminder. We will pay this week.";
const DEFAULT_STATUS = "5.1.1";

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

export async function composeReply(
  original: StoredMail,
  input: ReplyInput = {},
  now = new Date(),
): Promise<ComposedMessage> {
  const from = input.from ? mailboxes(input.from)[0] : customerOf(original);
  const to = replyTargetOf(original);
  if (!from || !to.length) throw new Error("The message has no sender or recipient to answer");
  const text = input.text ?? (input.html ? htmlToPlain(input.html) : DEFAULT_REPLY_TEXT);
  const sender = mailboxes(original.headers.from)[0] ?? { name: "", address: original.from };
  const attribution = `On ${original.headers.date ?? rfc5322Date(new Date(original.date))}, ${
    sender.name ? `${sender.name} <${sender.address}>` : sender.address
  } wrote:`;
  const quoted = (original.text || htmlToPlain(original.html))
    .replace(/\r\n/g, "\n")
    .replace(/\n+$/, "")
    .split("\n")
    .map((line) => (line ? `> ${line}` : ">"))
    .join("\n");
  const html =
    input.html === undefined
      ? undefined
      : `<div>${input.html}</div>\n<br>\n<div class="quote-attribution">${escapeHtml(attribution)}</div>\n` +
        `<blockquote type="cite" style="margin:0 0 0 .8ex;border-left:1px solid #ccc;padding-left:1ex">${
          original.html ? bodyOf(original.html) : `<pre>${escapeHtml(original.text)}</pre>`
        }</blockquote>`;
  return compose(
    {
      from,
      to,
      subject: prefixed("Re: ", original.subject, /^re:/i),
      ...threading(original),
      text: `${text}\n\n${attribution}\n${quoted}\n`,
      ...(html === undefined ? {} : { html }),
      headers: { "Return-Path": `<${from.address}>` },
    },
    from.address,
    from.address,
    to[0]!.address,
    now,
  );
}

export async function composeOutOfOffice(
  original: StoredMail,
  input: OutOfOfficeInput = {},
  now = new Date(),
): Promise<ComposedMessage> {
  const from = customerOf(original);
  const to = replyTargetOf(original);
  if (!from || !to.length) throw new Error("The message has no sender or recipient to answer");
  const language = input.language ?? "en";
  const wording = OUT_OF_OFFICE[language];
  const returnDate = input.returnDate ? parseIsoDate(input.returnDate) : undefined;
  const sentence = returnDate ? wording.until(formatLongDate(returnDate, language)) : wording.noDate;
  const lines = [wording.greeting, "", `${sentence} ${wording.reply}`, "", wording.closing];
  if (from.name) lines.push(from.name);
  return compose(
    {
      from,
      to,
      subject: `${wording.subject}${original.subject}`,
      ...threading(original),
      text: `${lines.join("\n")}\n`,
      headers: {
        "Return-Path": "<>",
        "Auto-Submitted": "auto-replied",
        "X-Autoreply": "yes",
        Precedence: "auto_reply",
        "Content-Language": language,
      },
    },
    "",
    from.address,
    to[0]!.address,
    now,
  );
}

export async function composeBounce(
  original: StoredMail,
  input: BounceInput = {},
  now = new Date(),
): Promise<ComposedMessage> {
  const customer = customerOf(original)?.address;
  const to = bounceTargetOf(original);
  if (!customer || !to) throw new Error("The message has no sender or recipient to bounce");
  const status = input.status ?? DEFAULT_STATUS;
  const delayed = status.startsWith("4.");
  const diagnostic = input.diagnostic ?? defaultDiagnostic(status, customer);
  const arrival = new Date(original.receivedAt);
  const deliveryStatus = [
    `Reporting-MTA: dns; ${SANDBOX_HOSTNAME}`,
    `Arrival-Date: ${rfc5322Date(arrival)}`,
    "",
    `Final-Recipient: rfc822; ${customer}`,
    `Original-Recipient: rfc822; ${customer}`,
    `Action: ${delayed ? "delayed" : "failed"}`,
    `Status: ${status}`,
    `Remote-MTA: dns; mx.${customer.split("@").pop()}`,
    `Diagnostic-Code: smtp; ${diagnostic}`,
    `Last-Attempt-Date: ${rfc5322Date(now)}`,
    ...(delayed ? [`Will-Retry-Until: ${rfc5322Date(new Date(arrival.getTime() + 5 * 86_400_000))}`] : []),
    "",
  ].join("\r\n");
  const human = [
    `This is the mail system at host ${SANDBOX_HOSTNAME}.`,
    "",
    ...(delayed
      ? [
          "####################################################################",
          "# THIS IS A WARNING ONLY.  YOU DO NOT NEED TO RESEND YOUR MESSAGE. #",
          "####################################################################",
          "",
          "Your message could not be delivered yet. The mail system will keep",
          "trying to deliver it for five days.",
        ]
      : [
          "I'm sorry to have to inform you that your message could not",
          "be delivered to one or more recipients. Its headers are attached below.",
        ]),
    "",
    "                   The mail system",
    "",
    `<${customer}>: host mx.${customer.split("@").pop()} said: ${diagnostic}`,
    "",
  ].join("\n");
  const composed = await compose(
    {
      from: { name: "Mail Delivery System", address: `MAILER-DAEMON@${SANDBOX_HOSTNAME}` },
      to,
      subject: delayed ? "Delayed Mail (still being retried)" : "Undelivered Mail Returned to Sender",
      text: human,
      headers: { "Return-Path": "<>", "Auto-Submitted": "auto-replied" },
      attachments: [
        { contentType: "message/delivery-status", content: deliveryStatus, contentDisposition: "inline" },
        {
          contentType: "text/rfc822-headers",
          // A string and no fixed encoding: nodemailer then keeps plain 7-bit headers readable (7bit, not
          // base64) and picks quoted-printable only for 8-bit (SMTPUTF8) ones.
          content: headerBlockOf(original.raw).toString("utf8"),
          contentDisposition: "inline",
          contentTransferEncoding: false,
          filename: false,
        },
      ],
    },
    "",
    `MAILER-DAEMON@${SANDBOX_HOSTNAME}`,
    to,
    now,
    "multipart/report; report-type=delivery-status",
  );
  return composed;
}

async function compose(
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
function threading(original: StoredMail): Pick<MailComposerOptions, "inReplyTo" | "references"> {
  if (!original.messageId) return {};
  const parents = messageIds(original.headers.references ?? original.headers["in-reply-to"]);
  return { inReplyTo: original.messageId, references: [...parents, original.messageId] };
}

function messageIds(value: string | undefined): string[] {
  return value?.match(/<[^<>\s]+>/g) ?? [];
}

function prefixed(prefix: string, subject: string, already: RegExp): string {
  return already.test(subject) ? subject : `${prefix}${subject}`;
}

/** The raw header block (up to the first empty line). */
function headerBlockOf(raw: Buffer): Buffer {
  const crlf = raw.indexOf("\r\n\r\n");
  const lf = raw.indexOf("\n\n");
  const end = crlf >= 0 && (lf < 0 || crlf < lf) ? crlf + 2 : lf >= 0 ? lf + 1 : raw.length;
  return raw.subarray(0, end);
}

function defaultDiagnostic(status: string, customer: string): string {
  const known: Record<string, [number, string]> = {
    "5.1.1": [550, "Recipient address rejected: User unknown"],
    "5.1.2": [550, "Recipient address rejected: Domain not found"],
    "5.2.1": [550, "Mailbox disabled, not accepting messages"],
    "5.2.2": [552, "Mailbox full"],
    "5.7.1": [550, "Message rejected due to local policy"],
    "4.2.2": [452, "Mailbox full, try again later"],
    "4.4.1": [421, "Connection timed out"],
  };
  const [code, reason] =
    known[status] ?? (status.startsWith("4.") ? [451, "Temporary failure"] : [550, "Delivery failed"]);
  return `${code} ${status} <${customer}>: ${reason}`;
}

export function rfc5322Date(date: Date): string {
  return date.toUTCString().replace(/GMT$/, "+0000");
}

/** A YYYY-MM-DD calendar date, or undefined when it is not one (e.g. 2026-02-30). */
export function parseIsoDate(value: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value ? date : undefined;
}

interface Wording {
  subject: string;
  greeting: string;
  until(date: string): string;
  noDate: string;
  reply: string;
  closing: string;
  weekdays: string[];
  months: string[];
  format(weekday: string, day: number, month: string, year: number): string;
}

/** Fixed tables rather than Intl, so the wording does not depend on the ICU data Node was built with. */
const OUT_OF_OFFICE: Record<OutOfOfficeLanguage, Wording> = {
  en: {
    subject: "Automatic reply: ",
    greeting: "Hello,",
    until: (date) => `Thank you for your email. I am out of the office and will be back on ${date}.`,
    noDate: "Thank you for your email. I am out of the office with limited access to email.",
    reply: "I will reply to your message when I return.",
    closing: "Kind regards,",
    weekdays: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
    months: [
      "January",
      "February",
      "March",
      "April",
      "May",
      "June",
      "July",
      "August",
      "September",
      "October",
      "November",
      "December",
    ],
    format: (weekday, day, month, year) => `${weekday}, ${month} ${day}, ${year}`,
  },
  de: {
    subject: "Abwesenheitsnotiz: ",
    greeting: "Guten Tag,",
    until: (date) =>
      `vielen Dank für Ihre Nachricht. Ich bin zurzeit nicht im Büro und ab ${date} wieder erreichbar.`,
    noDate:
      "vielen Dank für Ihre Nachricht. Ich bin zurzeit nicht im Büro und lese meine E-Mails nur eingeschränkt.",
    reply: "Ich antworte Ihnen nach meiner Rückkehr.",
    closing: "Mit freundlichen Grüßen",
    weekdays: ["Sonntag", "Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag"],
    months: [
      "Januar",
      "Februar",
      "März",
      "April",
      "Mai",
      "Juni",
      "Juli",
      "August",
      "September",
      "Oktober",
      "November",
      "Dezember",
    ],
    format: (weekday, day, month, year) => `${weekday}, dem ${day}. ${month} ${year}`,
  },
  fr: {
    subject: "Réponse automatique : ",
    greeting: "Bonjour,",
    until: (date) =>
      `Merci pour votre message. Je ne suis pas au bureau actuellement et serai de retour le ${date}.`,
    noDate:
      "Merci pour votre message. Je ne suis pas au bureau actuellement et n'ai qu'un accès limité à mes e-mails.",
    reply: "Je vous répondrai dès mon retour.",
    closing: "Cordialement,",
    weekdays: ["dimanche", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi"],
    months: [
      "janvier",
      "février",
      "mars",
      "avril",
      "mai",
      "juin",
      "juillet",
      "août",
      "septembre",
      "octobre",
      "novembre",
      "décembre",
    ],
    format: (weekday, day, month, year) => `${weekday} ${day === 1 ? "1er" : day} ${month} ${year}`,
  },
  es: {
    subject: "Respuesta automática: ",
    greeting: "Hola,",
    until: (date) => `Gracias por su mensaje. Estoy fuera de la oficina y estaré de vuelta el ${date}.`,
    noDate:
      "Gracias por su mensaje. Estoy fuera de la oficina y tengo acceso limitado al correo electrónico.",
    reply: "Le responderé a mi regreso.",
    closing: "Saludos cordiales,",
    weekdays: ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"],
    months: [
      "enero",
      "febrero",
      "marzo",
      "abril",
      "mayo",
      "junio",
      "julio",
      "agosto",
      "septiembre",
      "octubre",
      "noviembre",
      "diciembre",
    ],
    format: (weekday, day, month, year) => `${weekday} ${day} de ${month} de ${year}`,
  },
};

/** e.g. "Wednesday, December 2, 2026", "Mittwoch, dem 2. Dezember 2026", "mercredi 2 décembre 2026". */
export function formatLongDate(date: Date, language: OutOfOfficeLanguage): string {
  const w = OUT_OF_OFFICE[language];
  return w.format(
    w.weekdays[date.getUTCDay()]!,
    date.getUTCDate(),
    w.months[date.getUTCMonth()]!,
    date.getUTCFullYear(),
  );
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** The inside of <body> when there is one. */
function bodyOf(html: string): string {
  const match = /<body[^>]*>([\s\S]*?)(?:<\/body>|$)/i.exec(html);
  return match ? match[1]! : html;
}

/** A rough text version of HTML (for quoting an HTML-only original or an HTML-only reply). */
function htmlToPlain(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, "")
    .replace(/<br\s*\/?>|<\/(p|div|li|tr|h[1-6])>/gi, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
