/** The invoice numbers a text names, and whether one is the invoice's own. */
import { normaliseSpaces } from "./scan.ts";

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
  const text = normaliseSpaces(input);
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
