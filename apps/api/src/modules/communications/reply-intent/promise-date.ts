import type { ParsedComponents, ParsedResult } from "chrono-node";
import { calendarDate } from "./calendar.ts";
import { referenceFor } from "./date-phrases.ts";
import type { Lexicon } from "./lexicon.ts";
import type { ReplyClock } from "./reply-intent.ts";

/**
 * Whether English numeric dates read month first ("12/4" is December 4) for a company in this zone:
 * in the Americas, yes; elsewhere English is written day first ("4/12"). German, French and Spanish
 * read day first everywhere, and a date with dots ("4.12.") is day first in every language.
 */
export const monthFirstIn = (timeZone: string) => /^(?:America|US|Canada)\//.test(timeZone);

/** A day, not a time ("at 3pm", "40 hours") nor a month ("in December"). */
function dayOf(point: ParsedComponents | undefined): string | null {
  if (!point || !(point.isCertain("day") || point.isCertain("weekday"))) return null;
  if (point.tags().has("result/relativeDateAndTime")) return null;
  return calendarDate(point.get("year") ?? 0, point.get("month") ?? 0, point.get("day") ?? 0);
}

/** "Montag, den 7.12.": a weekday just before a full date only names that date's day. */
const weekdayOfNext = (result: ParsedResult, next: ParsedResult | undefined) =>
  next !== undefined &&
  result.start.isCertain("weekday") &&
  !result.start.isCertain("day") &&
  next.index - (result.index + result.text.length) <= 6;

/**
 * The date a text names, YYYY-MM-DD, read forward from today (a weekday or a day without a year is
 * the next one): the first from `from` on (where the commitment stands), else the last before it.
 * A range counts by its end: a promise is kept until its last day.
 */
export function namedDate(text: string, lexicon: Lexicon, clock: ReplyClock, from = 0): string | null {
  const parser = lexicon.dateParser(monthFirstIn(clock.timeZone));
  let before: string | null = null;
  const results = parser.parse(text, referenceFor(clock.today), { forwardDate: true });
  for (const [i, result] of results.entries()) {
    if (weekdayOfNext(result, results[i + 1])) continue;
    const date = dayOf(result.end) ?? dayOf(result.start);
    if (date && result.index + result.text.length > from) return date;
    before = date ?? before;
  }
  return before;
}
