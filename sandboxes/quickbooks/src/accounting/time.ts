/**
 * Dates and times as QuickBooks Online shows them for a US company: Pacific time with the
 * offset (`2014-09-19T13:16:17-07:00`), plain `YYYY-MM-DD` dates for TxnDate and DueDate.
 * Dates are kept as day numbers (days since 1970-01-01 of the local calendar date).
 */

export const DAY_MS = 86_400_000;

const dstCache = new Map<number, [number, number]>();

/** US daylight time: second Sunday of March 02:00 PST to first Sunday of November 02:00 PDT. */
function dstBounds(year: number): [number, number] {
  let bounds = dstCache.get(year);
  if (!bounds) {
    const march = new Date(Date.UTC(year, 2, 1)).getUTCDay();
    const november = new Date(Date.UTC(year, 10, 1)).getUTCDay();
    bounds = [
      Date.UTC(year, 2, 1 + ((7 - march) % 7) + 7, 10),
      Date.UTC(year, 10, 1 + ((7 - november) % 7), 9),
    ];
    dstCache.set(year, bounds);
  }
  return bounds;
}

/** Offset of US Pacific time from UTC at an instant, in minutes (-420 or -480). */
export function pacificOffsetMinutes(ms: number): number {
  const [start, end] = dstBounds(new Date(ms).getUTCFullYear());
  return ms >= start && ms < end ? -420 : -480;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

function offsetText(minutes: number, colon: boolean): string {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}${colon ? ":" : ""}${pad(abs % 60)}`;
}

function local(ms: number): { shifted: Date; offset: number } {
  const offset = pacificOffsetMinutes(ms);
  return { shifted: new Date(ms + offset * 60_000), offset };
}

function localText(shifted: Date): string {
  return (
    `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}` +
    `T${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}:${pad(shifted.getUTCSeconds())}`
  );
}

/** MetaData times: `2014-09-19T13:16:17-07:00` (no milliseconds). */
export function formatDateTime(ms: number): string {
  const { shifted, offset } = local(ms);
  return `${localText(shifted)}${offsetText(offset, true)}`;
}

/** The envelope's `time`: `2015-07-24T10:38:50.010-07:00`. */
export function formatServerTime(ms: number): string {
  const { shifted, offset } = local(ms);
  return `${localText(shifted)}.${pad(shifted.getUTCMilliseconds(), 3)}${offsetText(offset, true)}`;
}

/** Legacy webhooks' `lastUpdated`: `2015-10-05T14:42:19-0700`. */
export function formatWebhookTime(ms: number): string {
  const { shifted, offset } = local(ms);
  return `${localText(shifted)}${offsetText(offset, false)}`;
}

/** The local calendar day of an instant. */
export function localDay(ms: number): number {
  return Math.floor((ms + pacificOffsetMinutes(ms) * 60_000) / DAY_MS);
}

/** The instant a local day starts (midnight Pacific). */
export function dayStart(day: number): number {
  const guess = day * DAY_MS + 8 * 3600_000;
  return day * DAY_MS - pacificOffsetMinutes(guess) * 60_000;
}

export function formatDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/i;

export function parseDay(text: string): number | undefined {
  const m = DATE.exec(text.trim());
  if (!m) return undefined;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const day = ms / DAY_MS;
  return formatDay(day) === text.trim() ? day : undefined;
}

/**
 * A date or date-time as clients send them (`2015-11-28`, `2012-07-20T22:25:51-07:00`,
 * `...Z`, or without an offset). Dates and offset-less times are read as Pacific time.
 */
export function parseDateTime(text: string): number | undefined {
  const value = text.trim();
  const day = parseDay(value);
  if (day !== undefined) return dayStart(day);
  const m = DATE_TIME.exec(value);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s = "0", frac = "0", zone] = m;
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  const millis = Math.floor(Number(`0.${frac}`) * 1000);
  if (Number.isNaN(wall)) return undefined;
  if (!zone) return wall - pacificOffsetMinutes(wall + 8 * 3600_000) * 60_000 + millis;
  if (zone.toUpperCase() === "Z") return wall + millis;
  const sign = zone.startsWith("-") ? -1 : 1;
  const digits = zone.slice(1).replace(":", "");
  const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2));
  return wall - sign * minutes * 60_000 + millis;
}

/** Accepts the forms a `now`/date option may take. */
export function toMillis(value: Date | string | number): number {
  if (typeof value === "number") return value;
  if (value instanceof Date) return value.getTime();
  const parsed = parseDateTime(value) ?? Date.parse(value);
  if (Number.isNaN(parsed)) throw new Error(`invalid date: ${value}`);
  return parsed;
}
