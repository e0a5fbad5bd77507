/**
 * The dates a text states: written out in English, the company's language and a few others, or
 * numeric. Pure, no clock: the guard compares what they find with the records.
 */
import { monthNames, monthOf } from "./month-names.ts";
import { blank, normaliseSpaces, scan } from "./scan.ts";

export interface FoundDate {
  text: string;
  /** Where it starts in the text. */
  index: number;
  /** null when the text names no year ("March 31"). */
  year: number | null;
  month: number;
  day: number;
}

/** Whether the locale writes numeric dates month first (en-US 03/31/2026) or day first (31/03/2026). */
function monthFirst(locale: string): boolean {
  const parts = new Intl.DateTimeFormat(locale, {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(new Date(Date.UTC(2026, 2, 31)));
  return parts.findIndex((p) => p.type === "month") < parts.findIndex((p) => p.type === "day");
}

const B = "(?<![\\p{L}\\p{N}])";
const E = "(?![\\p{L}\\p{N}])";
const ISO_DATE = new RegExp(`${B}(\\d{4})([-/.])(\\d{1,2})\\2(\\d{1,2})${E}`, "gu");
const CJK_DATE = /(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日/gu;
const NUMERIC_DATE = new RegExp(
  `${B}(?<![.,/-])(\\d{1,2})([./-])(\\d{1,2})\\2(\\d{4}|\\d{2})(?![\\p{N}]|[.,/-]\\d)`,
  "gu",
);
const DAY_MONTH = new RegExp(
  `${B}(\\d{1,2})(?:st|nd|rd|th|er|º|°|\\.)?\\s(?:of\\s|de\\s)?(\\p{L}{3,12})\\.?(?:,?\\s(?:de\\s)?(\\d{4}))?${E}`,
  "giu",
);
const MONTH_DAY = new RegExp(
  `${B}(\\p{L}{3,12})\\.?\\s(\\d{1,2})(?:st|nd|rd|th)?(?:,?\\s(\\d{4}))?${E}`,
  "giu",
);

const fullYear = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));
const plausible = (month: number, day: number) => month >= 1 && month <= 12 && day >= 1 && day <= 31;

/** The dates in `text`, and the text with them blanked out. */
export function findDates(input: string, locale: string): { dates: FoundDate[]; rest: string } {
  let text = normaliseSpaces(input);
  const dates: FoundDate[] = [];
  const take = (m: RegExpExecArray, year: number | null, month: number, day: number) => {
    if (!plausible(month, day)) return false;
    dates.push({ text: m[0].trim(), index: m.index, year, month, day });
    text = blank(text, m.index, m.index + m[0].length);
    return true;
  };
  scan(ISO_DATE, text, (m) => take(m, Number(m[1]), Number(m[3]), Number(m[4])));
  scan(CJK_DATE, text, (m) => take(m, Number(m[1]), Number(m[2]), Number(m[3])));
  const usOrder = monthFirst(locale);
  scan(NUMERIC_DATE, text, (m) => {
    const [a, b] = [Number(m[1]), Number(m[3])];
    // A part over 12 can only be the day; otherwise the locale's order decides ("." is day first).
    const dayFirst = a > 12 || (b <= 12 && (m[2] === "." || !usOrder));
    return take(m, fullYear(m[4]!), dayFirst ? b : a, dayFirst ? a : b);
  });
  const months = monthNames(locale);
  scan(DAY_MONTH, text, (m) => {
    const month = monthOf(months, m[2]!);
    return month !== undefined && take(m, m[3] ? Number(m[3]) : null, month, Number(m[1]));
  });
  scan(MONTH_DAY, text, (m) => {
    const month = monthOf(months, m[1]!);
    return month !== undefined && take(m, m[3] ? Number(m[3]) : null, month, Number(m[2]));
  });
  return { dates: dates.sort((a, b) => a.index - b.index), rest: text };
}
