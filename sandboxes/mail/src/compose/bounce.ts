/** A bounce: an RFC 3464 delivery status notification from the customer's mail server. */
import { SANDBOX_HOSTNAME } from "../smtp.ts";
import type { StoredMail } from "../store.ts";
import { bounceTargetOf, customerOf } from "./addresses.ts";
import { type ComposedMessage, compose, rfc5322Date } from "./message.ts";

export interface BounceInput {
  /** An RFC 3463 status: 5.x.x is a failure, 4.x.x a delay (default 5.1.1, user unknown). */
  status?: string | undefined;
  /** The Diagnostic-Code text after `smtp; ` (default: an SMTP reply that fits the status). */
  diagnostic?: string | undefined;
}

const DEFAULT_STATUS = "5.1.1";

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
