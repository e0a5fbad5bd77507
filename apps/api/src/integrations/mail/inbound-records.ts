import type { InboundFailureReason } from "@recoup/contracts";
import type { BounceFacts } from "./bounce-fields.ts";
import type { MailKind } from "./classify.ts";

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

/** A message that cannot be read within the limits: kept aside as it came, with the reason. */
export class UnreadableMail extends Error {
  constructor(
    readonly reason: InboundFailureReason,
    readonly detail: string,
  ) {
    super(detail);
  }
}
