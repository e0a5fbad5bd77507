/**
 * Where money could be sent: IBANs, SWIFT codes, crypto wallet addresses, and numbers called an
 * account, routing, sort code or card number (in English and a few other languages), or shaped
 * like a card (a valid Luhn check) or a sort code ("12-34-56").
 */
import { sameInvoiceNumber } from "./invoice-numbers.ts";
import { collect, type DetailKind, type Sheet } from "./sheet.ts";

const B = "(?<![\\p{L}\\p{N}])";
const E = "(?![\\p{L}\\p{N}])";
const IBAN = new RegExp(`${B}[A-Z]{2}\\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?${E}`, "giu");
const SWIFT = new RegExp(
  `(?<=${B}(?:swift|bic)(?:[ /-]?(?:code|bic))?\\s*[:#]?\\s*)[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?${E}`,
  "giu",
);
const WALLET = new RegExp(
  `${B}(?:bc1[a-z0-9]{11,71}|[13][a-km-zA-HJ-NP-Z1-9]{25,34}|0x[0-9a-f]{40})${E}`,
  "giu",
);

/** Digits with the separators numbers are written with: "+1 (555) 010-9999", "12-34-56", "4111 1111". */
export const DIGIT_RUN =
  /(?<![\p{L}\p{N}.,$€£¥#+]|\p{N}[ .\-–(])(?:\+ ?|00)?(?:\( ?\d{1,5} ?\)[ .\-–]?)?\d(?:[ .\-–]?(?:\d|\(\d{1,5}\)))*/gu;
const AMOUNT_AFTER = /^\s?(?:[.,]\d|[$€£¥₹]|[A-Z]{3}(?![\p{L}])|(?:dollars?|euros?|pounds?)\b)/iu;
const AMOUNT_BEFORE = /(?:[$€£¥₹]|\b[A-Z]{3})\s?$/u;
const DATE_SHAPE = /^(?:\d{4}([-/.])(\d{1,2})\1(\d{1,2})|(\d{1,2})([-/.])(\d{1,2})\5(?:\d{2}|\d{4}))$/;

/** Whether a run is written like a date that can be one: "2026-03-31", "31.03.2026", "3/31/26". */
function dateLike(run: string): boolean {
  const m = DATE_SHAPE.exec(run);
  if (!m) return false;
  const [a, b] = (m[2] ? [m[2], m[3]] : [m[4], m[6]]).map(Number) as [number, number];
  return m[2] ? a <= 12 && b <= 31 : (a <= 12 && b <= 31) || (a <= 31 && b <= 12);
}
const INVOICE_BEFORE = /(?:\binvoices?|\binv\.?)\s*(?:#|no\.?|number|nr\.?)?\s*:?\s*#?\s*$|#\s*$/iu;

/** Whether a run of digits is an amount, a date or an invoice number, which the figures check. */
export function isFigure(m: RegExpExecArray, text: string, invoiceNumber: string): boolean {
  const before = text.slice(Math.max(0, m.index - 24), m.index);
  const after = text.slice(m.index + m[0].length, m.index + m[0].length + 12);
  if (AMOUNT_AFTER.test(after) || AMOUNT_BEFORE.test(before) || INVOICE_BEFORE.test(before)) return true;
  return sameInvoiceNumber(m[0].trim(), invoiceNumber) || dateLike(m[0].trim());
}

/** Words, and the same in scripts without spaces between words. */
const label = (words: string, unspaced = "") =>
  new RegExp(`${B}(?:${words})${E}${unspaced && `|${unspaced}`}`, "giu");

const LABELS: [DetailKind, RegExp][] = [
  ["routing number", label("routing|aba|rtn|transit|bsb|blz|bank ?code|bankleitzahl|clabe|código de banco")],
  ["sort code", label("sort[ -]?code")],
  ["card number", label("card|visa|mastercard|amex|tarjeta|carte|karte|карт\\p{L}*", "卡号")],
  [
    "bank account number",
    label("account|acct|a/c|acc|konto\\p{L}*|cuenta|compte|сч[её]т\\p{L}*|iban", "账号|账户|帐号"),
  ],
  [
    "phone number",
    label(
      "call|phone|tel|telephone|mobile|cell|text|sms|whats ?app|line|hotline|fax|dial|ring|tel[ée]fono|llame\\p{L}*|t[ée]l[ée]phone|appelez|telefon|anrufen|rufen|телефон\\p{L}*|звон\\p{L}*",
      "电话|致电|手机|热线",
    ),
  ],
];

/**
 * What the nearest word before `index` calls a number: within 40 characters, on its line and its
 * clause, after any number before it.
 */
export function labelBefore(text: string, index: number): DetailKind | null {
  const line = text
    .slice(Math.max(0, index - 40), index)
    .split(/\n|[;!?]|\.\s|\d/)
    .at(-1)!;
  let best: { kind: DetailKind; end: number } | null = null;
  for (const [kind, pattern] of LABELS) {
    for (const m of line.matchAll(pattern)) {
      const end = m.index + m[0].length;
      if (!best || end > best.end) best = { kind, end };
    }
  }
  return best?.kind ?? null;
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

const BANK_KINDS = new Set<DetailKind>(["routing number", "sort code", "card number", "bank account number"]);

/** The kind of bank detail a run of digits is, or null when it is none (it may be a phone number). */
function bankKind(run: string, label: DetailKind | null): DetailKind | null {
  const digits = run.replace(/\D/g, "");
  if (label && BANK_KINDS.has(label) && digits.length >= 6 && digits.length <= 34) return label;
  if (digits.length >= 13 && digits.length <= 19 && luhn(digits) && !/^\+/.test(run)) return "card number";
  if (/^\d{2}[ -]\d{2}[ -]\d{2}$/.test(run)) return "sort code";
  return null;
}

export function findBankDetails(sheet: Sheet, invoiceNumber: string): void {
  collect(sheet, IBAN, (m) =>
    m[0].replace(/\D/g, "").length >= 8 && m[0].replace(/ /g, "").length >= 15 ? { kind: "IBAN" } : null,
  );
  collect(sheet, SWIFT, () => ({ kind: "SWIFT code" }));
  collect(sheet, WALLET, () => ({ kind: "crypto wallet address" }));
  collect(sheet, DIGIT_RUN, (m, text) => {
    if (isFigure(m, text, invoiceNumber)) return null;
    const kind = bankKind(m[0], labelBefore(text, m.index));
    return kind && { kind };
  });
}
