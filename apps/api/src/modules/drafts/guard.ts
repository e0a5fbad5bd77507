/**
 * The guard between a model and the user, built around what a draft may contain rather than what it
 * may not. The draft is read as a person, a mail client or a browser would read it (detect/normalise:
 * full-width, look-alike letters, invisible characters, escapes and defanged links undone), and is
 * shown only if
 * - every link, email address, phone number, bank, card or routing number, IBAN, sort code, SWIFT
 *   code, wallet address and payment handle in it is the company's own (allow-list.ts), and it holds
 *   no Markdown or HTML link and no encoded text;
 * - every date, amount (in digits or words, with any currency; any percentage) and invoice number
 *   is on the invoice, and every count of days late matches it; any other number is a count
 *   ("7 days", "2 reminders"), a time or a year;
 * - no sentence forgives, waives, discounts, writes off, settles or closes the debt.
 * Anything else and the composer's draft is shown, with the reason naming what was found.
 */
import { type AllowList, isOwn, NOTHING_ALLOWED, ownDetails } from "./allow-list.ts";
import { findWordAmounts, strayNumber } from "./detect/amounts.ts";
import { markerFits } from "./detect/currency-markers.ts";
import { findDates } from "./detect/dates.ts";
import { lateness, wrongDayCount } from "./detect/day-counts.ts";
import { findDetails } from "./detect/details.ts";
import { findInvoiceNumbers, sameInvoiceNumber } from "./detect/invoice-numbers.ts";
import { findAmounts } from "./detect/money.ts";
import { DIRECTION_OVERRIDES, normalise } from "./detect/normalise.ts";
import { blank } from "./detect/scan.ts";
import { settlingSentence } from "./detect/settlement.ts";
import type { Finding } from "./detect/sheet.ts";

/** What the records say, as the guard compares it. */
export interface GuardRecord {
  locale: string;
  currency: string;
  invoiceNumber: string;
  /** The amounts a draft may state: the amount due and the invoice total. */
  amountsCents: number[];
  /** The dates a draft may state (ISO): the due date and the issue date. */
  dates: string[];
  /** Days past the due date in the company's time zone (negative before it): "14 days overdue". */
  daysOverdue: number;
}

const ofRecords = (record: GuardRecord) => {
  const parts = record.dates.map((d) => d.split("-").map(Number) as [number, number, number]);
  return {
    hasDate: (year: number | null, month: number, day: number) =>
      parts.some(([y, m, d]) => m === month && d === day && (year === null || y === year)),
  };
};

const short = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

/** Why a detail may not be shown: "The generated draft has a phone number that is not yours: …". */
function notYours(f: Finding): string {
  const reads = f.reads && f.reads !== f.text ? ` (it reads "${short(f.reads)}")` : "";
  if (f.kind === "link") {
    return `The generated draft included ${short(f.text)}${reads}; drafts may not add links or addresses`;
  }
  if (f.kind === "encoded text") return `The generated draft has encoded text: "${short(f.text)}"${reads}`;
  const kind = f.kind === "number" ? "account or phone number" : f.kind;
  const article = /^(?:[aeiou]|IBAN)/i.test(kind) ? "an" : "a";
  return `The generated draft has ${article} ${kind} that is not yours: "${short(f.text)}"${reads}`;
}

/** Blanks the company's own lines (its address, its opening hours) where the draft copies them. */
function blankLines(text: string, lines: string[]): string {
  let rest = text;
  const lower = rest.toLowerCase();
  for (const line of lines) {
    for (
      let at = lower.indexOf(line.toLowerCase());
      at >= 0;
      at = lower.indexOf(line.toLowerCase(), at + 1)
    ) {
      rest = blank(rest, at, at + line.length);
    }
  }
  return rest;
}

/**
 * Why the draft may not be shown, or null when it may. `allow` is what it may carry besides the
 * invoice's figures: the company's own details and the app's links.
 */
export function guardDraft(
  draft: { subject: string; body: string },
  record: GuardRecord,
  allow: AllowList = NOTHING_ALLOWED,
): string | null {
  const raw = `${draft.subject}\n\n${draft.body}`;
  if (DIRECTION_OVERRIDES.test(raw)) return "The generated draft has hidden characters that reorder its text";
  const { text, unmapped } = normalise(raw);
  const mentioned = (what: string) => `The generated draft mentioned ${what}, which is not on this invoice`;

  const own = ownDetails(allow);
  const details = findDetails(text, record.invoiceNumber);
  // A detail in look-alike letters is never the company's, however it reads.
  const disguised = (f: Finding) =>
    text.slice(f.index, f.index + f.text.length) !== unmapped.slice(f.index, f.index + f.text.length);
  const foreign = details.found.find((f) => disguised(f) || !isOwn(f, own));
  if (foreign) return notYours(foreign);

  const { dates, rest: withoutDates } = findDates(blankLines(details.text, own.lines), record.locale);
  const { hasDate } = ofRecords(record);
  const wrongDate = dates.find((d) => !hasDate(d.year, d.month, d.day));
  if (wrongDate) return mentioned(wrongDate.text);

  const { amounts, rest: withoutAmounts } = findAmounts(withoutDates, record.locale);
  const fits = (marker: string | null) =>
    marker === null || markerFits(marker, record.currency, record.locale);
  const wrongAmount = amounts.find((a) => !record.amountsCents.includes(a.cents) || !fits(a.marker));
  if (wrongAmount) return mentioned(wrongAmount.text);
  const words = findWordAmounts(withoutAmounts);
  if (words.percentages[0]) return mentioned(words.percentages[0]);
  const wrongWords = words.amounts.find(
    (a) => a.cents === null || !record.amountsCents.includes(a.cents) || !fits(a.marker),
  );
  if (wrongWords) return mentioned(wrongWords.text);

  const number = findInvoiceNumbers(words.rest, record.invoiceNumber).find(
    (n) => !sameInvoiceNumber(n, record.invoiceNumber),
  );
  if (number)
    return `The generated draft mentioned invoice ${number}; this invoice is ${record.invoiceNumber}`;

  const days = wrongDayCount(text, record.daysOverdue);
  if (days) return `The generated draft said "${days}"; this invoice is ${lateness(record.daysOverdue)}`;

  const stray = strayNumber(words.rest, record);
  if (stray) return mentioned(stray);

  const settled = settlingSentence(text);
  if (settled) return `The generated draft said "${settled.slice(0, 120)}", which the records do not show`;
  return null;
}
