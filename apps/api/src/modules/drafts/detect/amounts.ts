/**
 * Amounts the figures' reader does not see: written in words ("one thousand two hundred fifty
 * dollars", "only five remain due", "cinco dólares", "五美元"), percentages ("50%", "fifty per cent",
 * "百分之五十"), and numbers standing alone that are no count of days, reminders or the like ("pay
 * 500 today"). English words are read as a value; words in other languages cannot be checked, so
 * any amount in them is one the records do not show.
 */
import { sameInvoiceNumber } from "./invoice-numbers.ts";
import { parseMoney } from "./money.ts";
import { blank, scan } from "./scan.ts";

const B = "(?<![\\p{L}\\p{N}])";
const E = "(?![\\p{L}\\p{N}])";

const ONES =
  "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split(
    " ",
  );
const TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split(" ");
const SCALES: Record<string, number> = { hundred: 100, thousand: 1e3, million: 1e6, billion: 1e9 };
const WORD = `(?:${[...ONES, ...TENS, ...Object.keys(SCALES)].join("|")})${E}`;
const SCALE_NEXT = "(?=\\s*(?:hundred|thousand|million|billion)\\b)";
/** "one thousand two hundred fifty", "twelve hundred and fifty", "a hundred", "1.25 thousand". */
const PHRASE = `(?:(?:an?|\\d+(?:\\.\\d+)?)\\s*${SCALE_NEXT})?${WORD}(?:(?:\\s+and\\s+|[\\s-]+)${WORD})*(?!(?:\\s+and\\s+|[\\s-]+)${WORD})`;

const UNIT =
  "(?:[\\s-]+(?:business|working|calendar|more|further|additional|previous|prior|other|final|last|past|full|monthly|weekly|equal)){0,2}[\\s-]+(?:days?|weeks?|months?|years?|hours?|hrs?|minutes?|mins?|reminders?|e-?mails?|messages?|notices?|letters?|calls?|times|attempts?|invoices?|follow-?ups?|occasions?|requests?|instal+ments?|payments?)\\b";

const CURRENCY_WORD =
  "(?:(?:us|u\\.s\\.|canadian|australian)\\s+)?(dollars?|bucks|euros?|pounds?(?:\\s+sterling)?|yen|francs?|cents?|pence)";
const WORDS_THEN_CURRENCY = new RegExp(
  `${B}(${PHRASE})\\s+${CURRENCY_WORD}(?:\\s+and\\s+(${PHRASE}|\\d{1,2})\\s+cents?)?${E}`,
  "giu",
);
const CURRENCY_THEN_WORDS = new RegExp(
  `([$€£¥]|${B}(?:USD|EUR|GBP|CAD|AUD))\\s?(${PHRASE})(?!${UNIT})`,
  "giu",
);
/** Words said to be owed or paid without a currency: "only five remain due", "pay twenty now". */
const WORDS_IN_CONTEXT = new RegExp(
  `${B}(?:(?:only|just|merely|now|pay|send|transfer|wire|remit|owe|owes|owing|balance of|total of|sum of|amount of|reduced to)\\s+(${PHRASE})(?!${UNIT})|(${PHRASE})(?=\\s+(?:(?:is|are)\\s+)?(?:still\\s+)?(?:remain(?:s|ing)?|left|due|owed|owing|outstanding|payable)${E}))`,
  "giu",
);

/** A number read out digit by digit: "five five five, zero one zero, nine nine nine nine". */
const SPELLED_DIGITS = new RegExp(
  `${B}(?:(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)[\\s,-]+){4,}(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)${E}`,
  "giu",
);

const FOREIGN_WORD =
  "(?:cero|uno?|una|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce|quince|veinte|veinti\\p{L}+|treinta|cuarenta|cincuenta|sesenta|setenta|ochenta|noventa|cien|ciento|\\p{L}+cientos|quinientos|mil|mill[oó]n(?:es)?|z[ée]ro|une?|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|douze|quinze|vingt|trente|quarante|cinquante|soixante|cents?|mille|millions?|null|eins?|eine|zwei|drei|vier|f[üu]nf|sechs|sieben|acht|neun|zehn|elf|zw[öo]lf|\\p{L}*(?:zig|ßig|hundert|tausend)|ноль|один|одна|два|две|три|четыре|пять|шесть|семь|восемь|девять|десять|\\p{L}+дцать|сорок|пятьдесят|сто|двести|триста|пятьсот|тысяч\\p{L}*|миллион\\p{L}*|cinque|dieci|venti|cento|mille|dez|cem)";
const FOREIGN_PHRASE = `${FOREIGN_WORD}(?:(?:\\s+(?:y|et|und|e|и)\\s+|[\\s-]+)${FOREIGN_WORD})*`;
const FOREIGN_CURRENCY =
  "(?:d[óo]lar(?:es)?|dollars?|euros?|pesos?|libras?|livres?(?:\\s+sterling)?|francs?|franken|pfund|доллар\\p{L}*|евро|рубл\\p{L}*|фунт\\p{L}*)";
const HAN_NUMBER = "[零〇一二两三四五六七八九十百千万亿]+";
const FOREIGN_AMOUNT = new RegExp(
  `${B}${FOREIGN_PHRASE}\\s*(?:de\\s+)?${FOREIGN_CURRENCY}${E}|${HAN_NUMBER}\\s*(?:美元|美金|元|块|欧元|英镑|人民币|日元)|(?:美元|人民币|欧元)\\s*${HAN_NUMBER}`,
  "giu",
);

const PERCENT = new RegExp(
  `(?<![\\p{N}.,])(?:\\d+(?:[.,]\\d+)?|${PHRASE}|${FOREIGN_PHRASE})\\s*(?:%|(?:percent|per\\s?cent|pct|por\\s?ciento|pour\\s?cent|prozent|процент\\p{L}*)${E})|百分之${HAN_NUMBER}|${HAN_NUMBER}折`,
  "giu",
);

const VALUES = new Map<string, number>([
  ...ONES.map((w, i) => [w, i] as [string, number]),
  ...TENS.map((w, i) => [w, (i + 2) * 10] as [string, number]),
  ["a", 1],
  ["an", 1],
]);

/** The value of an English number phrase: "twelve hundred fifty" is 1250. */
export function wordsValue(phrase: string): number {
  let total = 0;
  let current = 0;
  for (const token of phrase.toLowerCase().split(/[\s-]+/)) {
    const scale = SCALES[token];
    if (token === "and" || token === "") continue;
    if (scale === 100) current = (current || 1) * 100;
    else if (scale) {
      total += (current || 1) * scale;
      current = 0;
    } else current += VALUES.get(token) ?? Number(token);
  }
  return total + current;
}

export interface WordAmount {
  text: string;
  index: number;
  /** null when the words are not English, so the value is not known. */
  cents: number | null;
  /** The currency word written with it ("dollars"), if any. */
  marker: string | null;
}

/** Amounts in words, and the text with them (and percentages) blanked. */
export function findWordAmounts(input: string): {
  amounts: WordAmount[];
  percentages: string[];
  rest: string;
} {
  let text = input;
  const amounts: WordAmount[] = [];
  const percentages: string[] = [];
  const take = (m: RegExpExecArray, cents: number | null, marker: string | null, words = m[0]) => {
    amounts.push({ text: words.trim(), index: m.index, cents, marker });
    text = blank(text, m.index, m.index + m[0].length);
    return true;
  };
  scan(PERCENT, text, (m) => {
    percentages.push(m[0].trim());
    text = blank(text, m.index, m.index + m[0].length);
    return true;
  });
  scan(SPELLED_DIGITS, text, (m) => take(m, null, null));
  scan(WORDS_THEN_CURRENCY, text, (m) => {
    const unit = m[2]!.toLowerCase();
    const inCents = /^(?:cents?|pence)$/.test(unit);
    const extra = m[3] ? wordsValue(m[3]) : 0;
    const cents = Math.round(wordsValue(m[1]!) * (inCents ? 1 : 100) + extra);
    return take(m, cents, inCents ? null : unit.replace(/^bucks$/, "dollars").split(/\s/)[0]!);
  });
  scan(CURRENCY_THEN_WORDS, text, (m) => take(m, Math.round(wordsValue(m[2]!) * 100), m[1]!));
  scan(WORDS_IN_CONTEXT, text, (m) => {
    const phrase = (m[1] ?? m[2])!;
    return /^(?:an?|one)$/i.test(phrase)
      ? false
      : take(m, Math.round(wordsValue(phrase) * 100), null, phrase);
  });
  scan(FOREIGN_AMOUNT, text, (m) => take(m, null, null));
  amounts.sort((a, b) => a.index - b.index);
  return { amounts, percentages, rest: text };
}

const UNIT_AFTER = new RegExp(
  `^(?:st|nd|rd|th)${E}|^(?:\\s*(?:-|–|to|or)\\s*\\d+)?${UNIT}|^\\s*(?::\\d{2})?\\s*(?:am|pm|a\\.m\\.|p\\.m\\.)${E}`,
  "iu",
);
const NUMBER = /(?<![\p{L}\p{N}])\d+(?:[.,:]\d+)*/gu;

/**
 * The first number left in `text` (figures, details and the company's own lines already blanked)
 * that is not a count ("7 days", "2 reminders", "the 3rd"), a time, a year, "Net 30", a list's
 * numbering, the invoice's number, its days overdue or one of its amounts without the currency;
 * null if none.
 */
export function strayNumber(
  text: string,
  facts: { amountsCents: number[]; daysOverdue: number; invoiceNumber: string },
): string | null {
  for (const m of text.matchAll(NUMBER)) {
    const run = m[0];
    const after = text.slice(m.index + run.length, m.index + run.length + 40);
    const before = text.slice(Math.max(0, m.index - 12), m.index);
    const value = (parseMoney(run, ".") ?? Number.NaN) / 100;
    if (UNIT_AFTER.test(after) || /:\d{2}$/.test(run) || /\bnet[\s-]*$/i.test(before)) continue;
    if (/^\d{4}$/.test(run) && value >= 1990 && value <= 2100) continue;
    if (/(?:^|\n)[ \t]*$/.test(before) && /^[.)]\s/.test(after) && value < 20) continue;
    if (value === Math.abs(facts.daysOverdue) || facts.amountsCents.includes(Math.round(value * 100)))
      continue;
    if (sameInvoiceNumber(run, facts.invoiceNumber)) continue;
    return run;
  }
  return null;
}
