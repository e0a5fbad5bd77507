/** Money and dates as people read them (the invoice PDF and the payment page), not as the API sends them. */
import { DAY_MS } from "./time.ts";

const formats = new Map<string, Intl.NumberFormat>();

/** `$1,234.50`, `CA$80.00`, `€12.00`. */
export function displayMoney(cents: number, currency: string): string {
  let format = formats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat("en-US", { style: "currency", currency });
    formats.set(currency, format);
  }
  return format.format(cents / 100);
}

/** QuickBooks' US date: `06/16/2025`. */
export function displayDay(day: number): string {
  const [year, month, date] = new Date(day * DAY_MS).toISOString().slice(0, 10).split("-");
  return `${month}/${date}/${year}`;
}
