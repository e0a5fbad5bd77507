/**
 * The guard between a model and the user: a generated draft is shown only if every amount, date,
 * invoice number and count of days late it states is on the invoice, it adds no link or address,
 * and it does not say the debt is settled. Anything else and the composer's draft is shown, with
 * the reason.
 */
import {
  findAmounts,
  findDates,
  findInvoiceNumbers,
  findLinks,
  markerFits,
  plural,
  sameInvoiceNumber,
} from "./figures.ts";

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

/**
 * Where a draft states how late the invoice is ("14 days overdue", "overdue by 14 days", "14 days
 * past the due date") or how soon it is due ("due in 3 days", "3 days from now"), as days overdue.
 * A fee or a charge ("a 7-day late fee") and a deadline ("please pay within 7 days") are not such
 * statements.
 */
const DAY_COUNTS: { pattern: RegExp; overdue: (n: number) => number }[] = [
  {
    pattern:
      /\b(\d{1,5})[\s-]+days?\s+(?:overdue|late|past\s+(?:the\s+|its\s+)?due(?:\s+date)?|after\s+(?:the|its)\s+due\s+date)\b(?!\s+(?:fees?|charges?|interest|penalt))/gi,
    overdue: (n) => n,
  },
  { pattern: /\b(?:overdue|late|past\s+due)\s+(?:by|for)\s+(\d{1,5})\s+days?\b/gi, overdue: (n) => n },
  {
    // "due in 3 days", "due on March 31, 2026, 3 days from now"
    pattern:
      /\bdue(?:\s+on\s+[A-Za-z0-9 ,/-]{3,30}?)?,?\s+(?:in\s+(\d{1,5})\s+days?|(\d{1,5})\s+days?\s+from\s+now)\b/gi,
    overdue: (n) => -n,
  },
];

/** How late the invoice is, in the guard's words: "14 days overdue", "due today", "due in 3 days". */
const lateness = (daysOverdue: number) =>
  daysOverdue > 0
    ? `${plural(daysOverdue, "day")} overdue`
    : daysOverdue === 0
      ? "due today"
      : `due in ${plural(-daysOverdue, "day")}`;

/** The first statement of days late that the records do not bear out. */
function wrongDayCount(text: string, daysOverdue: number) {
  for (const { pattern, overdue } of DAY_COUNTS) {
    for (const match of text.matchAll(pattern)) {
      if (overdue(Number(match[1] ?? match[2])) !== daysOverdue) return match[0];
    }
  }
  return null;
}

/**
 * Sentences that call the debt paid, zero, cancelled or forgiven (what an instruction planted in
 * a customer's reply asks for), unless conditional ("once the balance is settled") or, for the
 * statements, negated ("the balance is still not cleared").
 */
const SETTLED_STATEMENTS = [
  /\b(?:balance|amount|debt|invoice|account|total)\b[^.!?\n]{0,40}?\b(?:is|are|has been|have been|was|now)\b[^.!?\n]{0,20}?\b(?:zero|cancel+ed|forgiven|waived|written off|cleared|settled|paid in full|void(?:ed)?)\b/i,
  /\b(?:cancel+ed|forgiven|waived|written off)\b[^.!?\n]{0,30}?\b(?:debt|balance|invoice|amount)\b/i,
];
const NOTHING_OWED = [
  /\bnothing (?:further |more |else )?(?:is |remains )?(?:owed|owing|due|outstanding|to pay)\b/i,
  /\bno (?:further |more )?payment (?:is )?(?:needed|required|necessary|due)\b/i,
  /\bowes? (?:us )?nothing\b/i,
];
const CONDITIONAL = /\b(?:once|when|until|after|if|as soon as|before|unless)\b/i;
const NEGATED = /\b(?:not|never|yet to)\b|n['’]t\b/i;

const callsSettled = (sentence: string) =>
  !CONDITIONAL.test(sentence) &&
  (NOTHING_OWED.some((p) => p.test(sentence)) ||
    (!NEGATED.test(sentence) && SETTLED_STATEMENTS.some((p) => p.test(sentence))));

const sentences = (text: string) => text.split(/(?<=[.!?])\s+|\n+/);

const ofRecords = (record: GuardRecord) => {
  const parts = record.dates.map((d) => d.split("-").map(Number) as [number, number, number]);
  return {
    hasDate: (year: number | null, month: number, day: number) =>
      parts.some(([y, m, d]) => m === month && d === day && (year === null || y === year)),
  };
};

/** Why the draft may not be shown, or null when every figure in it is on the invoice. */
export function guardDraft(draft: { subject: string; body: string }, record: GuardRecord): string | null {
  const text = `${draft.subject}\n\n${draft.body}`;
  const mentioned = (what: string) => `The generated draft mentioned ${what}, which is not on this invoice`;

  const link = findLinks(text)[0];
  if (link) return `The generated draft included ${link}; drafts may not add links or addresses`;

  const { dates, rest: withoutDates } = findDates(text, record.locale);
  const { hasDate } = ofRecords(record);
  const wrongDate = dates.find((d) => !hasDate(d.year, d.month, d.day));
  if (wrongDate) return mentioned(wrongDate.text);

  const { amounts, rest } = findAmounts(withoutDates, record.locale);
  const wrongAmount = amounts.find(
    (a) =>
      !record.amountsCents.includes(a.cents) ||
      (a.marker !== null && !markerFits(a.marker, record.currency, record.locale)),
  );
  if (wrongAmount) return mentioned(wrongAmount.text);

  const number = findInvoiceNumbers(rest, record.invoiceNumber).find(
    (n) => !sameInvoiceNumber(n, record.invoiceNumber),
  );
  if (number)
    return `The generated draft mentioned invoice ${number}; this invoice is ${record.invoiceNumber}`;

  const days = wrongDayCount(text, record.daysOverdue);
  if (days) return `The generated draft said "${days}"; this invoice is ${lateness(record.daysOverdue)}`;

  const settled = sentences(text).find(callsSettled);
  if (settled)
    return `The generated draft said "${settled.trim().slice(0, 120)}", which the records do not show`;
  return null;
}
