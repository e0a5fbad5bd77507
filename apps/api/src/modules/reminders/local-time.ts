import { IANAZone } from "luxon";

/**
 * Calendar dates and wall-clock times in a company's time zone, for the reminder schedule.
 * A date is a whole number of days since 1970-01-01 (an "epoch day"), so the schedule's date
 * arithmetic is integer arithmetic and only the conversions to and from instants need the zone.
 */
export type EpochDay = number;

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

export function assertTimeZone(timeZone: string): string {
  if (!IANAZone.create(timeZone).isValid) throw new RangeError(`unknown time zone: ${timeZone}`);
  return timeZone;
}

/** "2025-03-09" → its epoch day; throws on anything that is not a real calendar date. */
export function epochDay(isoDate: string): EpochDay {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  const day = match
    ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS
    : Number.NaN;
  if (!Number.isInteger(day) || isoDateOf(day) !== isoDate) throw new RangeError(`not a date: ${isoDate}`);
  return day;
}

export const isoDateOf = (day: EpochDay) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** Monday 1 … Sunday 7 (1970-01-01 was a Thursday). */
export const isoWeekday = (day: EpochDay) => ((((day + 3) % 7) + 7) % 7) + 1;

/** "09:30" → 570 minutes after midnight. */
export function minutesOfDay(hhmm: string): number {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  if (!match) throw new RangeError(`not a time of day (HH:MM): ${hhmm}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/**
 * UTC offsets in minutes, remembered per zone and quarter-hour: the planner asks for the same few
 * instants for thousands of invoices, and each answer from Intl costs about 10 µs. A quarter-hour
 * whose ends disagree (a transition inside it, which no current rule has) is never remembered.
 */
const QUARTER_MS = 15 * MINUTE_MS;
const offsetCache = new Map<string, Map<number, number>>();

function offsetAt(timeZone: string, ms: number): number {
  let byQuarter = offsetCache.get(timeZone);
  if (!byQuarter || byQuarter.size > 100_000) {
    byQuarter = new Map();
    offsetCache.set(timeZone, byQuarter);
  }
  const quarter = Math.floor(ms / QUARTER_MS);
  const known = byQuarter.get(quarter);
  if (known !== undefined) return known;
  const zone = IANAZone.create(timeZone);
  const offset = zone.offset(quarter * QUARTER_MS);
  if (offset !== zone.offset((quarter + 1) * QUARTER_MS - 1)) return zone.offset(ms);
  byQuarter.set(quarter, offset);
  return offset;
}

/** The wall clock at an instant, as milliseconds of a UTC clock showing the same date and time. */
const wallAt = (timeZone: string, ms: number) => ms + offsetAt(timeZone, ms) * MINUTE_MS;

/** The local date and minutes after local midnight at `instant`. */
export function localClock(timeZone: string, instant: Date): { day: EpochDay; minutes: number } {
  const wall = wallAt(timeZone, instant.getTime());
  const day = Math.floor(wall / DAY_MS);
  return { day, minutes: Math.floor((wall - day * DAY_MS) / MINUTE_MS) };
}

/**
 * The first instant at which the local clock reads `day` at `minutes` or later. An ordinary time
 * has one instant; a time repeated when clocks go back takes the first; a time skipped when
 * clocks go forward (02:30 in New York on a March Sunday) gives the moment the gap ends.
 */
export function wallClockInstant(timeZone: string, day: EpochDay, minutes: number): Date {
  const wanted = day * DAY_MS + minutes * MINUTE_MS;
  const offsets = [offsetAt(timeZone, wanted - DAY_MS), offsetAt(timeZone, wanted + DAY_MS)];
  const exact = offsets
    .map((offset) => wanted - offset * MINUTE_MS)
    .filter((ms) => wallAt(timeZone, ms) === wanted);
  if (exact.length > 0) return new Date(Math.min(...exact));
  // In a gap: before `lo` the clock reads earlier than wanted, from `hi` on it reads later.
  let lo = wanted - Math.max(...offsets) * MINUTE_MS;
  let hi = wanted - Math.min(...offsets) * MINUTE_MS;
  while (hi - lo > MINUTE_MS) {
    const mid = lo + Math.floor((hi - lo) / 2 / MINUTE_MS) * MINUTE_MS;
    if (wallAt(timeZone, mid) >= wanted) hi = mid;
    else lo = mid;
  }
  return new Date(hi);
}
