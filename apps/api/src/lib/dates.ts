/**
 * Calendar dates (`YYYY-MM-DD`) and "today" in a company's time zone. Due dates are plain dates,
 * so days overdue are whole calendar days between two dates, never instants.
 */
import { oncePer } from "./memo.ts";

const DAY_MS = 86_400_000;

// en-CA formats as YYYY-MM-DD.
const isoDateFormat = oncePer(
  (timeZone: string) =>
    new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }),
);

/** The calendar date an instant falls on in a time zone (IANA name). */
export const dateIn = (timeZone: string, instant: Date): string => isoDateFormat(timeZone).format(instant);

const toDay = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const fromDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

export const addDays = (date: string, days: number) => fromDay(toDay(date) + days);

/** Whole days from `from` to `to` (positive when `to` is later). */
export const daysBetween = (from: string, to: string) => toDay(to) - toDay(from);

const longFormat = oncePer(
  (locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }),
);

/** A calendar date written out in a locale: "March 31, 2026" in en-US, "31. März 2026" in de-DE. */
export const longDate = (date: string, locale: string) =>
  longFormat(locale).format(new Date(`${date}T00:00:00Z`));

/** Whether the runtime knows this IANA time zone. */
export function isTimeZone(tz: string) {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** A calendar month in UTC (YYYY-MM, or the month an instant falls in): its first instant and the next month's. */
export function utcMonth(monthOrInstant: string | Date) {
  const month =
    typeof monthOrInstant === "string" ? monthOrInstant : monthOrInstant.toISOString().slice(0, 7);
  const [year, m] = month.split("-").map(Number) as [number, number];
  return { month, from: new Date(Date.UTC(year, m - 1, 1)), to: new Date(Date.UTC(year, m, 1)) };
}
