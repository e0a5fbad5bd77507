/**
 * The mistakes the "wrong-*" modes make: another amount, due date or invoice number, written in the
 * same style as the original (so a guard has to compare values, not formats).
 */
import { ENGLISH_MONTHS as MONTHS } from "@recoup/sandbox-http";

interface ParsedAmount {
  value: number;
  decimals: number;
  decimalSep: string;
  groupSep: string;
  /** Text before and after the number (currency symbol or code). */
  before: string;
  after: string;
}

const NUMBER_RUN = /\d(?:[\d.,'\u00a0\u202f ]*\d)?/;

/** Reads an amount such as "$1,250.00", "1.250,00 €", "USD 980" or "1250". */
export function parseAmount(text: string): ParsedAmount | undefined {
  const match = NUMBER_RUN.exec(text);
  if (!match) return undefined;
  const run = match[0];
  let decimals = 0;
  let decimalSep = ".";
  let integerPart = run;
  const decimal = /([.,])(\d{1,2})$/.exec(run);
  if (decimal) {
    decimalSep = decimal[1]!;
    decimals = decimal[2]!.length;
    integerPart = run.slice(0, decimal.index);
  }
  const groupSep = /\D/.exec(integerPart)?.[0] ?? "";
  const digits = integerPart.replace(/\D/g, "");
  const fraction = decimal ? decimal[2]! : "";
  const value = Number(`${digits}.${fraction || "0"}`);
  if (!Number.isFinite(value)) return undefined;
  return {
    value,
    decimals,
    decimalSep,
    groupSep,
    before: text.slice(0, match.index),
    after: text.slice(match.index + run.length),
  };
}

export function formatAmount(parsed: ParsedAmount, value: number): string {
  const [integer = "0", fraction] = value.toFixed(parsed.decimals).split(".");
  const grouped = parsed.groupSep ? integer.replace(/\B(?=(\d{3})+(?!\d))/g, parsed.groupSep) : integer;
  const number = fraction ? `${grouped}${parsed.decimalSep}${fraction}` : grouped;
  return `${parsed.before}${number}${parsed.after}`;
}

/** The amount plus 10% (plus 20% if that happens to be the invoice total), in the same format. */
export function wrongAmount(amount: string | undefined, total: string | undefined): string {
  const parsed = amount ? parseAmount(amount) : undefined;
  if (!parsed) return "$1,337.00";
  const round = (n: number) => Number(n.toFixed(parsed.decimals));
  const totalValue = total ? parseAmount(total)?.value : undefined;
  let value = parsed.value > 0 ? round(parsed.value * 1.1) : 100;
  if (value === parsed.value) value = parsed.value + 1;
  if (value === totalValue) value = round(parsed.value * 1.2) || value + 1;
  return formatAmount(parsed, value);
}

/** The same amount format with zero: "$1,250.00" → "$0.00". */
export function zeroAmount(amount: string | undefined): string {
  const parsed = amount ? parseAmount(amount) : undefined;
  if (!parsed) return "$0.00";
  return formatAmount({ ...parsed, decimals: Math.max(parsed.decimals, 2) }, 0);
}

const DAY_MS = 86_400_000;

function monthIndex(name: string): number {
  const lower = name.toLowerCase();
  return MONTHS.findIndex((m) => m.toLowerCase() === lower || m.slice(0, 3).toLowerCase() === lower);
}

function monthName(index: number, abbreviated: boolean): string {
  const name = MONTHS[index]!;
  return abbreviated ? name.slice(0, 3) : name;
}

const pad = (n: number, width: number) => String(n).padStart(width, "0");

/**
 * Another due date, `shiftDays` later, in the style of the original: "2026-03-31", "March 31, 2026",
 * "Mar 31, 2026", "31 March 2026", "03/31/2026" or "31/03/2026". Anything else: "Month D, YYYY".
 */
export function wrongDate(date: string | undefined, shiftDays = 14, now = Date.now()): string {
  const text = date ?? "";
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (m) {
    const d = shifted(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!), shiftDays);
    return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)}`;
  }
  m = /^([A-Za-z]+)\.? (\d{1,2}), (\d{4})$/.exec(text);
  if (m && monthIndex(m[1]!) >= 0) {
    const d = shifted(Date.UTC(+m[3]!, monthIndex(m[1]!), +m[2]!), shiftDays);
    const abbreviated = m[1]!.length < MONTHS[monthIndex(m[1]!)]!.length;
    return `${monthName(d.getUTCMonth(), abbreviated)} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
  }
  m = /^(\d{1,2}) ([A-Za-z]+)\.? (\d{4})$/.exec(text);
  if (m && monthIndex(m[2]!) >= 0) {
    const d = shifted(Date.UTC(+m[3]!, monthIndex(m[2]!), +m[1]!), shiftDays);
    const abbreviated = m[2]!.length < MONTHS[monthIndex(m[2]!)]!.length;
    return `${d.getUTCDate()} ${monthName(d.getUTCMonth(), abbreviated)} ${d.getUTCFullYear()}`;
  }
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (m) {
    const dayFirst = +m[1]! > 12;
    const [day, month] = dayFirst ? [+m[1]!, +m[2]!] : [+m[2]!, +m[1]!];
    const d = shifted(Date.UTC(+m[3]!, month - 1, day), shiftDays);
    const width = m[1]!.length;
    const [a, b] = dayFirst ? [d.getUTCDate(), d.getUTCMonth() + 1] : [d.getUTCMonth() + 1, d.getUTCDate()];
    return `${pad(a, width)}/${pad(b, width)}/${d.getUTCFullYear()}`;
  }
  const parsed = Date.parse(text);
  const d = shifted(Number.isFinite(parsed) ? parsed : now, shiftDays);
  return `${monthName(d.getUTCMonth(), false)} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

function shifted(ms: number, days: number): Date {
  return new Date(ms + days * DAY_MS);
}

/** The next invoice number: "1042" → "1043", "INV-0099" → "INV-0100"; no digits → "X-2". */
export function wrongInvoice(invoice: string | undefined): string {
  if (!invoice) return "1001";
  const m = /(\d+)(?!.*\d)/.exec(invoice);
  if (!m) return `${invoice}-2`;
  const next = String(BigInt(m[1]!) + 1n).padStart(m[1]!.length, "0");
  return `${invoice.slice(0, m.index)}${next}${invoice.slice(m.index + m[1]!.length)}`;
}
