import { oncePer } from "./memo.ts";

/**
 * Money is integer cents. QuickBooks sends amounts as JSON numbers with up to two decimals;
 * they are read through their decimal text, never multiplied as floats.
 */
export function toCents(amount: number | string | null | undefined): number {
  if (amount === null || amount === undefined || amount === "") return 0;
  const text = typeof amount === "number" ? amount.toFixed(6) : amount.trim();
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match) throw new Error(`not an amount: ${amount}`);
  const [, sign, whole = "", frac = ""] = match;
  const padded = `${frac}000`;
  let cents = Number(whole || "0") * 100 + Number(padded.slice(0, 2));
  if (Number(padded[2]) >= 5) cents += 1;
  return sign === "-" ? -cents : cents;
}

const currencyFormat = oncePer(
  (locale: string, currency: string) => new Intl.NumberFormat(locale, { style: "currency", currency }),
);

export const formatCents = (cents: number, currency = "USD", locale = "en-US") =>
  currencyFormat(locale, currency).format(cents / 100);

/** Exact decimal text of an amount in cents, e.g. 123456 → "1234.56" (for exports). */
export function centsToDecimal(cents: number | bigint): string {
  const value = BigInt(cents);
  const abs = value < 0n ? -value : value;
  return `${value < 0n ? "-" : ""}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
}
