/** The send window and send days in the company's zone: when a reminder may go out. */
import {
  assertTimeZone,
  type EpochDay,
  epochDay,
  isoDateOf,
  isoWeekday,
  localClock,
  minutesOfDay,
  wallClockInstant,
} from "./local-time.ts";
import {
  type ReminderSettings,
  reminderDefaults,
  type WindowState,
  windowClosesAt,
} from "./schedule-types.ts";

export const CLOSES = minutesOfDay(windowClosesAt);
export interface Timing {
  zone: string;
  opens: number;
  weekdaysOnly: boolean;
  interval: number;
}
export function timing(settings: ReminderSettings): Timing {
  const opens = minutesOfDay(settings.sendTime ?? reminderDefaults.sendTime);
  if (opens >= CLOSES) throw new RangeError(`the send time must be before ${windowClosesAt}`);
  if (![7, 15, 30].includes(settings.followUpInterval))
    throw new RangeError(`not a follow-up interval: ${settings.followUpInterval}`);
  return {
    zone: assertTimeZone(settings.timeZone),
    opens,
    weekdaysOnly: settings.weekdaysOnly ?? reminderDefaults.weekdaysOnly,
    interval: settings.followUpInterval,
  };
}
export const isSendDay = (t: Timing, day: EpochDay) => !t.weekdaysOnly || isoWeekday(day) <= 5;
/** The day a reminder scheduled on `day` goes out: Saturday and Sunday move to Monday. */
export function sendDay(t: Timing, day: EpochDay): EpochDay {
  if (!t.weekdaysOnly) return day;
  const weekday = isoWeekday(day);
  return weekday > 5 ? day + 8 - weekday : day;
}
export const windowOpen = (t: Timing, clock: { day: EpochDay; minutes: number }) =>
  isSendDay(t, clock.day) && clock.minutes >= t.opens && clock.minutes < CLOSES;
export const opening = (t: Timing, day: EpochDay) => wallClockInstant(t.zone, day, t.opens);
/** Whether the send window is open now, when it closes, and when it next opens. */
export function windowState(settings: ReminderSettings, now: Date): WindowState {
  const t = timing(settings);
  const clock = localClock(t.zone, now);
  const open = windowOpen(t, clock);
  let next = clock.minutes < t.opens ? clock.day : clock.day + 1;
  while (!isSendDay(t, next)) next++;
  return {
    open,
    today: isoDateOf(clock.day),
    closesAt: open ? wallClockInstant(t.zone, clock.day, CLOSES) : null,
    nextOpensAt: opening(t, next),
  };
}

/**
 * The month's first send day in the company's zone (the 1st, or with weekdays only the first Monday
 * to Friday): whether it is today with the window open (`due`), and the next one not yet over.
 * Monthly statements go then (decision 0019).
 */
export function firstSendDay(settings: ReminderSettings, now: Date) {
  const t = timing(settings);
  const clock = localClock(t.zone, now);
  const today = isoDateOf(clock.day);
  const [year, month] = today.split("-").map(Number) as [number, number];
  const firstOf = (y: number, m: number) =>
    sendDay(t, epochDay(`${y + Math.floor((m - 1) / 12)}-${String(((m - 1) % 12) + 1).padStart(2, "0")}-01`));
  const thisMonth = firstOf(year, month);
  const over = clock.day > thisMonth || (clock.day === thisMonth && clock.minutes >= CLOSES);
  return {
    month: today.slice(0, 7),
    today,
    due: clock.day === thisMonth && windowOpen(t, clock),
    next: isoDateOf(over ? firstOf(year, month + 1) : thisMonth),
  };
}
