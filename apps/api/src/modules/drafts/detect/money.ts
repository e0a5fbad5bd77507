/**
 * The amounts of money a text states: with a currency symbol, code or name, or with two decimals.
 * Pure: the guard compares what they find with the records.
 */
import { blank, normaliseSpaces, scan } from "./scan.ts";

export interface FoundAmount {
  text: string;
  index: number;
  /** The amount in hundredths; not an integer when the text has more than two decimals. */
  cents: number;
  /** The currency symbol, code or name written with it, as written; null for a bare "1,250.00". */
  marker: string | null;
}

const SYMBOLS = "$€£¥￥₹₩₽₺₪₫฿₱₦₴₲₡₵₸";
const ISO_CODES = new Set(Intl.supportedValuesOf("currency"));
const MARKER = `(?:[A-Z]{1,3})?[${SYMBOLS}]|[A-Z]{3}(?![\\p{L}])|(?:dollars?|euros?|pounds?|yen)(?![\\p{L}])`;
const NUMBER = "\\d{1,3}(?:(?:,|\\.|'|’| )\\d{3})+(?:[.,]\\d+)?|\\d+(?:[.,]\\d+)?";
const MARKER_FIRST = new RegExp(
  `(?<![\\p{L}\\p{N}])(${MARKER})\\s?[-−]?\\s?(${NUMBER})(?![\\p{N}]|[.,]\\d)`,
  "gu",
);
const NUMBER_FIRST = new RegExp(`(?<![\\p{L}\\p{N}.,])[-−]?(${NUMBER})\\s?(${MARKER})`, "gu");
const DECIMALS =
  /(?<![\p{L}\p{N}.,])(\d{1,3}(?:(?:,|\.|'|’| )\d{3})+[.,]\d{2}|\d+[.,]\d{2})(?![\p{N}%]|[.,]\d)/gu;

/** The locale's decimal separator ("." in en-US, "," in de-DE). */
const decimalSeparator = (locale: string) =>
  new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === "decimal")?.value ?? ".";

/**
 * A number as money, in hundredths. The last "." or "," is the decimal mark when both occur, or
 * when it is followed by other than three digits; "1,250" and "1.250" (three digits after a lone
 * mark) follow the locale: a thousands separator unless it is the locale's decimal mark.
 */
export function parseMoney(run: string, decimal: string): number | undefined {
  const s = run.replace(/['’ ]/g, "");
  const dot = s.lastIndexOf(".");
  const comma = s.lastIndexOf(",");
  let mark: string | null = null;
  if (dot >= 0 && comma >= 0) mark = dot > comma ? "." : ",";
  else if (dot >= 0 || comma >= 0) {
    const sep = dot >= 0 ? "." : ",";
    const after = s.length - s.lastIndexOf(sep) - 1;
    const repeated = s.indexOf(sep) !== s.lastIndexOf(sep);
    mark = repeated ? null : after !== 3 || sep === decimal ? sep : null;
  }
  const at = mark ? s.lastIndexOf(mark) : s.length;
  const whole = s.slice(0, at).replace(/\D/g, "");
  const fraction = mark ? s.slice(at + 1) : "";
  if (!/^\d+$/.test(whole || "0") || !/^\d*$/.test(fraction)) return undefined;
  return Number(`${whole || "0"}.${fraction || "0"}`) * 100;
}

/** The amounts of money in `text`, and the text with them blanked out. */
export function findAmounts(input: string, locale: string): { amounts: FoundAmount[]; rest: string } {
  let text = normaliseSpaces(input);
  const decimal = decimalSeparator(locale);
  const amounts: FoundAmount[] = [];
  const take = (m: RegExpExecArray, run: string, marker: string | null) => {
    if (marker && /^[A-Z]{3}$/.test(marker) && !ISO_CODES.has(marker)) return false;
    const cents = parseMoney(run, decimal);
    if (cents === undefined) return false;
    amounts.push({ text: m[0].trim(), index: m.index, cents: Math.round(cents * 1e6) / 1e6, marker });
    text = blank(text, m.index, m.index + m[0].length);
    return true;
  };
  scan(MARKER_FIRST, text, (m) => take(m, m[2]!, m[1]!));
  scan(NUMBER_FIRST, text, (m) => take(m, m[1]!, m[2]!));
  scan(DECIMALS, text, (m) => take(m, m[1]!, null));
  return { amounts: amounts.sort((a, b) => a.index - b.index), rest: text };
}
