/**
 * Calendar arithmetic on plain dates (YYYY-MM-DD) for the phrases chrono does not read: "end of
 * the month", "next week", "the 15th". Weekdays are ISO: Monday 1 … Sunday 7.
 */
import { addDays } from "../../../lib/dates.ts";

const FRIDAY = 5;

const partsOf = (date: string) => date.split("-").map(Number) as [number, number, number];

/** The date, or null when there is no such day (31 November). */
export function calendarDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  return date.toISOString().slice(0, 10);
}

export const isoWeekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() || 7;

/** The last day of the month `monthsAhead` months after today's. */
export function endOfMonth(today: string, monthsAhead = 0): string {
  const [year, month] = partsOf(today);
  return new Date(Date.UTC(year, month + monthsAhead, 0)).toISOString().slice(0, 10);
}

/** A day of a named month, this year's or, once that has passed, next year's. */
export function nextMonthDay(today: string, month: number, day: number | "last"): string | null {
  const [year, todayMonth] = partsOf(today);
  const inYear = (y: number) =>
    day === "last" ? endOfMonth(`${y}-${String(month).padStart(2, "0")}-01`) : calendarDate(y, month, day);
  const thisYear = inYear(year);
  return month < todayMonth || (thisYear !== null && thisYear < today) ? inYear(year + 1) : thisYear;
}

/** The first date from today on that falls on day `day` of its month ("the 4th"). */
export function nextDayOfMonth(today: string, day: number): string | null {
  if (day < 1 || day > 31) return null;
  const [year, month, todayDay] = partsOf(today);
  for (let ahead = day >= todayDay ? 0 : 1; ahead < 12; ahead++) {
    // Date.UTC rolls a 13th month into next January.
    const first = new Date(Date.UTC(year, month - 1 + ahead, 1));
    const date = calendarDate(first.getUTCFullYear(), first.getUTCMonth() + 1, day);
    if (date) return date;
  }
  return null;
}

/** The next `weekday` from today on (today itself when it is that day): "by the end of the week". */
export const weekdayFrom = (today: string, weekday = FRIDAY) =>
  addDays(today, (weekday - isoWeekday(today) + 7) % 7);

/** `weekday` in the week (Monday to Sunday) after today's: "next week on Friday". */
export const weekdayNextWeek = (today: string, weekday = FRIDAY) =>
  addDays(today, 7 - isoWeekday(today) + weekday);

/** `days` working days (Monday to Friday) after today. */
export function addWorkingDays(today: string, days: number): string {
  let date = today;
  for (let left = days; left > 0; ) {
    date = addDays(date, 1);
    if (isoWeekday(date) <= FRIDAY) left--;
  }
  return date;
}
