/** An out-of-office auto-reply (RFC 3834) from the customer's mailbox, naming a return date or none. */
import type { StoredMail } from "../store.ts";
import { customerOf, replyTargetOf } from "./addresses.ts";
import { type ComposedMessage, compose, threading } from "./message.ts";
import { formatLongDate, OUT_OF_OFFICE, type OutOfOfficeLanguage } from "./out-of-office-wording.ts";

export interface OutOfOfficeInput {
  /** The first day back, YYYY-MM-DD. Without it the auto-reply names no date. */
  returnDate?: string | undefined;
  language?: OutOfOfficeLanguage | undefined;
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

/** A YYYY-MM-DD calendar date, or undefined when it is not one (e.g. 2026-02-30). */
export function parseIsoDate(value: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value ? date : undefined;
}
