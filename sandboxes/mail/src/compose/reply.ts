/** A human reply from the customer, threaded and quoting the original. */
import type { StoredMail } from "../store.ts";
import { customerOf, mailboxes, replyTargetOf } from "./addresses.ts";
import { bodyOf, escapeHtml, htmlToPlain } from "./html.ts";
import { type ComposedMessage, compose, prefixed, rfc5322Date, threading } from "./message.ts";

export interface ReplyInput {
  /** The reply's own text (default: a short promise to pay); the quoted original follows it. */
  text?: string | undefined;
  /** An HTML version; the original follows it in a blockquote. */
  html?: string | undefined;
  /** Who replies (default: the original's first recipient), e.g. `Ada <ada@example.com>`. */
  from?: string | undefined;
}

export const DEFAULT_REPLY_TEXT = "Thank you for the reminder. We will pay this week.";

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
