import { htmlToText } from "html-to-text";
import { type AddressObject, type HeaderValue, MailParser } from "mailparser";

export interface ReadAttachment {
  contentType: string;
  filename?: string;
  contentDisposition?: string;
  size: number;
  /** A report's or a returned message's bytes (up to KEPT_BYTES); empty for any other part. */
  content: Buffer;
}

/** A message as mailparser reads it, without the attachments' contents. */
export interface ReadMail {
  headers: Map<string, HeaderValue>;
  subject?: string;
  from?: AddressObject;
  to?: AddressObject | AddressObject[];
  cc?: AddressObject | AddressObject[];
  messageId?: string;
  inReplyTo?: string;
  references?: string | string[];
  date?: Date;
  text: string;
  html: string | null;
  attachments: ReadAttachment[];
}

/** Why a message cannot be read: mailparser failed on it, or it took longer than its budget. */
export class MailReadError extends Error {
  constructor(
    readonly reason: "malformed" | "too_slow",
    message: string,
  ) {
    super(message);
  }
}

/** Parts classification reads (delivery reports, returned headers and messages): their bytes are kept. */
const KEPT = /^(message\/|text\/rfc822-headers)/i;
const KEPT_BYTES = 256 * 1024;
/** An HTML-only message's text is made from its first 256 KB of HTML (html-to-text is slow). */
const HTML_TO_TEXT_BYTES = 256 * 1024;
/** The raw message goes to the parser in slices, so a budget that runs out stops it between two. */
const SLICE = 64 * 1024;

/**
 * Reads a raw message with mailparser's streaming parser, by `deadline` (epoch ms): the parse stops
 * there and the promise rejects with `too_slow`. Unlike mailparser's `simpleParser`, every error
 * the parser reports rejects the promise.
 */
export function readMail(raw: Buffer, deadline: number): Promise<ReadMail> {
  const parser = new MailParser({ skipImageLinks: true, skipTextToHtml: true, skipHtmlToText: true });
  const mail: ReadMail = { headers: new Map(), text: "", html: null, attachments: [] };
  let settled = false;
  return new Promise<ReadMail>((resolve, reject) => {
    const settle = (error: MailReadError | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (!error) return resolve(mail);
      parser.destroy();
      reject(error);
    };
    const timer = setTimeout(
      () => settle(new MailReadError("too_slow", "Reading it took longer than its time budget.")),
      Math.max(0, deadline - Date.now()),
    );
    parser.on("error", (err: Error) => settle(new MailReadError("malformed", err.message)));
    parser.on("headers", (headers: Map<string, HeaderValue>) => {
      mail.headers = headers;
    });
    parser.on("data", (data) => {
      if (data.type === "text") {
        mail.text = data.text ?? "";
        mail.html = typeof data.html === "string" ? data.html : null;
        return;
      }
      const keep = KEPT.test(data.contentType);
      const chunks: Buffer[] = [];
      let size = 0;
      data.content.on("data", (chunk: Buffer) => {
        if (keep && size < KEPT_BYTES) chunks.push(chunk);
        size += chunk.length;
      });
      data.content.on("end", () => {
        mail.attachments.push({
          contentType: data.contentType,
          ...(data.filename ? { filename: data.filename } : {}),
          ...(data.contentDisposition ? { contentDisposition: data.contentDisposition } : {}),
          size,
          content: Buffer.concat(chunks).subarray(0, KEPT_BYTES),
        });
        data.release();
      });
    });
    parser.on("end", () => {
      const h = mail.headers;
      mail.subject = h.get("subject") as string | undefined;
      mail.from = h.get("from") as AddressObject | undefined;
      mail.to = h.get("to") as AddressObject | undefined;
      mail.cc = h.get("cc") as AddressObject | undefined;
      mail.messageId = h.get("message-id") as string | undefined;
      mail.inReplyTo = h.get("in-reply-to") as string | undefined;
      mail.references = h.get("references") as string | string[] | undefined;
      mail.date = h.get("date") as Date | undefined;
      if (!mail.text.trim() && mail.html) {
        try {
          mail.text = htmlToText(mail.html.slice(0, HTML_TO_TEXT_BYTES));
        } catch {
          // An HTML body html-to-text cannot read leaves the text empty.
        }
      }
      settle(null);
    });
    (async () => {
      for (let at = 0; at < raw.length && !settled; at += SLICE) {
        if (!parser.write(raw.subarray(at, at + SLICE))) {
          await new Promise((drained) => parser.once("drain", drained));
        }
      }
      if (!settled) parser.end();
    })();
  });
}
