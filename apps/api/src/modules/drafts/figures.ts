/**
 * Reads the figures a text states: dates (written out in English, the company's language and a
 * few others, or numeric), amounts of money (with a currency symbol, code or name, or with two
 * decimals) and invoice numbers. Pure functions, no clock: what they find is compared with the
 * records by the guard.
 */
import { blank, scan } from "./detect/scan.ts";

export interface FoundDate {
  text: string;
  /** Where it starts in the text. */
  index: number;
  /** null when the text names no year ("March 31"). */
  year: number | null;
  month: number;
  day: number;
}

export interface FoundAmount {
  text: string;
  index: number;
  /** The amount in hundredths; not an integer when the text has more than two decimals. */
  cents: number;
  /** The currency symbol, code or name written with it, as written; null for a bare "1,250.00". */
  marker: string | null;
}

/** Thin and non-breaking spaces read as spaces (one character each, so indexes stay put). */
const normalise = (text: string) => text.replace(/[\u00a0\u202f\u2007\u2009]/g, " ");

// --- dates -------------------------------------------------------------------------------------

const LANGUAGES = ["en", "de", "fr", "es", "it", "nl", "pt"];
const fold = (word: string) => word.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\.$/, "");
interface MonthTable {
  /** Folded name → 1–12. */
  months: Map<string, number>;
  /** Names only English has ("may", "march"): months only when capitalised, as English writes them. */
  englishOnly: Set<string>;
}
const monthTables = new Map<string, MonthTable>();

/**
 * Month names: long and short, standalone and in-date forms, in English and the locale's language;
 * long forms only in other common languages (their short ones are English words: "out", "set").
 */
function monthNames(locale: string): MonthTable {
  const cached = monthTables.get(locale);
  if (cached) return cached;
  const months = new Map([["sept", 9]]);
  const english = new Set(["sept"]);
  const other = new Set<string>();
  for (const language of new Set([locale, ...LANGUAGES])) {
    const isEnglish = language.split("-")[0] === "en";
    const styles = language === locale || isEnglish ? (["long", "short"] as const) : (["long"] as const);
    for (const month of styles) {
      const alone = new Intl.DateTimeFormat(language, { month, timeZone: "UTC" });
      const inDate = new Intl.DateTimeFormat(language, { month, day: "numeric", timeZone: "UTC" });
      for (let m = 0; m < 12; m++) {
        const date = new Date(Date.UTC(2026, m, 15));
        const names = [alone.format(date), inDate.formatToParts(date).find((p) => p.type === "month")?.value];
        for (const name of names) {
          if (!name || !/^\p{L}/u.test(name)) continue;
          months.set(fold(name), m + 1);
          (isEnglish ? english : other).add(fold(name));
        }
      }
    }
  }
  const table = { months, englishOnly: new Set([...english].filter((n) => !other.has(n))) };
  monthTables.set(locale, table);
  return table;
}

/** The month a word names, if it does ("May" does, "may" does not). */
function monthOf(table: MonthTable, word: string): number | undefined {
  const folded = fold(word);
  if (table.englishOnly.has(folded) && word === word.toLowerCase()) return undefined;
  return table.months.get(folded);
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
  let text = normalise(input);
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

// --- money -------------------------------------------------------------------------------------

const SYMBOLS = "$€£¥￥₹₩₽₺₪₫฿₱₦₴₲₡₵₸";
const CURRENCY_WORDS: Record<string, string> = {
  dollar: "$",
  dollars: "$",
  euro: "€",
  euros: "€",
  pound: "£",
  pounds: "£",
  yen: "¥",
};
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
  let text = normalise(input);
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

const markerSets = new Map<string, Set<string>>();

/**
 * Whether a marker written with an amount can stand for the currency: its code, its symbols in
 * the locale and in English ("$", "US$", "CA$", "€"), or its family's name ("dollars").
 */
export function markerFits(marker: string, currency: string, locale: string): boolean {
  const key = `${currency}|${locale}`;
  let accepted = markerSets.get(key);
  if (!accepted) {
    accepted = new Set([currency.toUpperCase()]);
    for (const language of [locale, "en-US", "en-GB"]) {
      for (const currencyDisplay of ["symbol", "narrowSymbol"] as const) {
        const part = new Intl.NumberFormat(language, { style: "currency", currency, currencyDisplay })
          .formatToParts(1)
          .find((p) => p.type === "currency")?.value;
        if (part) accepted.add(part.toUpperCase());
      }
    }
    markerSets.set(key, accepted);
  }
  const written = marker.trim();
  const symbol = CURRENCY_WORDS[written.toLowerCase()] ?? written;
  return accepted.has(symbol.toUpperCase());
}

// --- invoice numbers ---------------------------------------------------------------------------

const KEYWORD =
  /(?<![\p{L}\p{N}])(?:invoices?|inv\.?|rechnung(?:snummer)?|facture|factura|fattura|factuur|fatura)(?:\s*(?:number|no\.?|nr\.?|n[°º]\.?|num(?:ber|[ée]ro)|#|:))?\s*#?\s*([\p{L}\p{N}][\p{L}\p{N}/_.-]*[\p{L}\p{N}]|\p{N})/giu;
const HASH = /#\s?([\p{L}\p{N}-]*\p{N}[\p{L}\p{N}-]*)/gu;
const YEARS = /^(19|20)\d\d$/;

/**
 * What the text names as an invoice number: after "invoice", "inv", "no.", "#" (and the same words
 * in a few languages), tokens shaped like `own` (its letters then digits, "INV-0042"), and, when
 * `own` is all digits, other numbers of as many digits that are not years.
 */
export function findInvoiceNumbers(input: string, own: string): string[] {
  // Each once, in the order of the passes.
  const text = normalise(input);
  const found: string[] = [];
  const withDigit = (token: string) => /\p{N}/u.test(token);
  for (const m of text.matchAll(KEYWORD)) if (withDigit(m[1]!)) found.push(m[1]!);
  for (const m of text.matchAll(HASH)) found.push(m[1]!);
  const prefix = /^(\p{L}+)[\s#/-]?\d/u.exec(own)?.[1];
  if (prefix) {
    const shaped = new RegExp(`(?<![\\p{L}\\p{N}])${prefix}[\\s#/-]?\\d+(?![\\p{N}])`, "giu");
    for (const m of text.matchAll(shaped)) found.push(m[0]);
  }
  if (/^\d{3,}$/.test(own)) {
    const bare = new RegExp(`(?<![\\p{L}\\p{N}.,-])\\d{${own.length}}(?![\\p{N}]|[.,]\\d)`, "gu");
    for (const m of text.matchAll(bare)) if (!YEARS.test(m[0])) found.push(m[0]);
  }
  return [...new Set(found)];
}

/** Whether a named number is `own`: the same text (case, spaces and "#" aside), or the same digits. */
export function sameInvoiceNumber(named: string, own: string): boolean {
  const norm = (s: string) => s.replace(/[\s#]/g, "").toUpperCase();
  if (norm(named) === norm(own)) return true;
  const digits = (s: string) => s.replace(/\D/g, "").replace(/^0+(?=\d)/, "");
  return !/\p{L}/u.test(named) && digits(named) !== "" && digits(named) === digits(own);
}

/** "1 day", "14 days": how the composer and the guard write a count. */
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
