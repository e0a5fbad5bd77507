/**
 * The one place that turns money, dates and numbers into text. Amounts arrive as integer cents
 * with an ISO 4217 currency; calendar dates as YYYY-MM-DD; instants as ISO strings. Everything is
 * shown in the browser's locale unless a locale is given (tests pass one).
 */

/** The first letter of a name, upper-cased: the avatar fallback. */
export function initialOf(name: string): string {
  const first = name.trim().charAt(0);
  return first ? first.toLocaleUpperCase() : "?";
}

type Locale = string | undefined;

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n|${locale ?? ""}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.NumberFormat | undefined;
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    cache.set(key, format);
  }
  return format;
}

function dateFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${locale ?? ""}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    cache.set(key, format);
  }
  return format;
}

/** Integer cents in `currency`, in that currency's own format: 123456, "USD" → "$1,234.56". */
export function formatMoney(
  cents: number,
  currency: string,
  opts: { locale?: string; compact?: boolean } = {},
): string {
  const options: Intl.NumberFormatOptions = opts.compact
    ? { style: "currency", currency, notation: "compact", maximumFractionDigits: 1 }
    : { style: "currency", currency };
  return numberFormat(opts.locale, options).format(cents / 100);
}

/** Cents as a plain decimal string for files (CSV): 123456 → "1234.56", -5 → "-0.05". */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** A whole number with the locale's grouping: 1200 → "1,200". */
export function formatCount(value: number, locale?: string): string {
  return numberFormat(locale, { maximumFractionDigits: 0 }).format(value);
}

/** A number with at most `digits` decimals: 41.26 → "41.3". */
export function formatDecimal(value: number, digits = 1, locale?: string): string {
  return numberFormat(locale, { maximumFractionDigits: digits }).format(value);
}

/** A percentage given in percent (not a fraction): 87.5 → "87.5%". */
export function formatPercent(percent: number, locale?: string): string {
  return numberFormat(locale, { style: "percent", maximumFractionDigits: 1 }).format(percent / 100);
}

/**
 * A calendar date (YYYY-MM-DD) read as that day wherever the browser is: parsing it with `new
 * Date("2026-01-05")` would mean midnight UTC, the day before in the Americas.
 */
export function parseIsoDate(iso: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return null;
  const [, y, m, d] = match;
  const date = new Date(Number(y), Number(m) - 1, Number(d));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The calendar date (YYYY-MM-DD) of `date` in the browser's zone, `days` later: the inverse of parseIsoDate. */
export function localIsoDate(date: Date = new Date(), days = 0): string {
  const day = new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** A calendar date: "2026-01-05" → "Jan 5, 2026"; null or invalid → the fallback. */
export function formatDate(
  iso: string | null | undefined,
  opts: { locale?: string; fallback?: string } = {},
) {
  const date = iso ? parseIsoDate(iso) : null;
  if (!date) return opts.fallback ?? "—";
  return dateFormat(opts.locale, { dateStyle: "medium" }).format(date);
}

/** An instant (ISO string) as date and time in the browser's time zone. */
export function formatDateTime(iso: string, opts: { locale?: string; timeZone?: string } = {}): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "—";
  return dateFormat(opts.locale, { dateStyle: "medium", timeStyle: "short", timeZone: opts.timeZone }).format(
    date,
  );
}

/** An instant's time of day: "3:04 PM". */
export function formatTime(iso: string, locale?: string): string {
  return dateFormat(locale, { timeStyle: "short" }).format(new Date(iso));
}

/** A date from unix seconds (the API's instants), in the browser's locale. */
export function formatUnixDate(seconds: number, locale?: string): string {
  return dateFormat(locale, { dateStyle: "medium" }).format(new Date(seconds * 1000));
}

/** "1 day", "12 days". */
export function formatDays(days: number, locale?: string): string {
  return `${formatCount(days, locale)} ${Math.abs(days) === 1 ? "day" : "days"}`;
}

/** A count with its noun: 1, ["reminder", "reminders"] → "1 reminder"; 1200 → "1,200 reminders". */
export function formatCountOf(count: number, noun: readonly [string, string], locale?: string): string {
  return `${formatCount(count, locale)} ${count === 1 ? noun[0] : noun[1]}`;
}

/** A file size in bytes, in the units people read: 512 → "512 B", 2048 → "2 KB", 1_572_864 → "1.5 MB". */
export function formatBytes(bytes: number, locale?: string): string {
  const units = ["B", "KB", "MB", "GB"] as const;
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${formatDecimal(value, unit === 0 ? 0 : 1, locale)} ${units[unit]}`;
}
