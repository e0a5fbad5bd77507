/**
 * Date phrases chrono misses or reads otherwise ("Ende des Monats", "la semaine prochaine", "the
 * 15th", "15.12."), added to a language's chrono parser. Each phrase is resolved against today;
 * chrono then keeps the longest reading where its own and these overlap.
 */
import type { Chrono, Parser, ParsingContext } from "chrono-node";
import { addDays } from "../../../lib/dates.ts";
import {
  addWorkingDays,
  calendarDate,
  endOfMonth,
  nextDayOfMonth,
  nextMonthDay,
  weekdayFrom,
  weekdayNextWeek,
} from "./calendar.ts";
import { wholeWords } from "./whole-words.ts";

/**
 * Phrases with placeholders: {weekday}, {month}, {n} (digits or a number word), {day} (a day of
 * the month in digits), {notMonth} (no month name follows: chrono reads "the 4th of December").
 */
export interface DatePhrases {
  /** Seven slots, Monday first, separated by spaces; a slot may hold alternatives ("thursday|thu"). */
  weekdays: string;
  /** Twelve slots. */
  months: string;
  /** Number words from zero, by position: "zero a|one two …". */
  numbers: string;
  endOfMonth: string;
  endOfNextMonth: string;
  endOfMonthNamed: string;
  endOfYear: string;
  midMonthNamed: string;
  /** The end of this week: its Friday. */
  thisWeek: string;
  /** Next week without a day: its Friday, the last day the words allow. */
  nextWeek: string;
  /** Early next week: its Tuesday. */
  earlyNextWeek: string;
  weekdayNextWeek: string;
  inDays: string;
  inWorkingDays: string;
  inWeeks: string;
  dayOfMonth: string;
  dayAfterTomorrow: string;
}

type Slots = { weekday?: number; month?: number; n?: number; day?: number };
type PhraseKind = Exclude<keyof DatePhrases, "weekdays" | "months" | "numbers">;

const RESOLVE: Record<PhraseKind, (today: string, slots: Slots) => string | null> = {
  endOfMonth: (today) => endOfMonth(today),
  endOfNextMonth: (today) => endOfMonth(today, 1),
  endOfMonthNamed: (today, { month }) => (month ? nextMonthDay(today, month, "last") : null),
  endOfYear: (today) => `${today.slice(0, 4)}-12-31`,
  midMonthNamed: (today, { month }) => (month ? nextMonthDay(today, month, 15) : null),
  thisWeek: (today) => weekdayFrom(today),
  nextWeek: (today) => weekdayNextWeek(today),
  earlyNextWeek: (today) => weekdayNextWeek(today, 2),
  weekdayNextWeek: (today, { weekday }) => (weekday ? weekdayNextWeek(today, weekday) : null),
  inDays: (today, { n }) => (n ? addDays(today, n) : null),
  inWorkingDays: (today, { n }) => (n ? addWorkingDays(today, n) : null),
  inWeeks: (today, { n }) => (n ? addDays(today, 7 * n) : null),
  dayOfMonth: (today, { day }) => (day ? nextDayOfMonth(today, day) : null),
  dayAfterTomorrow: (today) => addDays(today, 2),
};

/**
 * chrono reads relative to this reference: noon UTC on `today`, at offset zero, so its calendar
 * arithmetic runs on the company's date whatever the process's own zone (chrono knows offsets and
 * abbreviations, not IANA zones).
 */
export const referenceFor = (today: string) => ({ instant: new Date(`${today}T12:00:00Z`), timezone: 0 });
const todayOf = (context: ParsingContext) => context.refDate.toISOString().slice(0, 10);

/**
 * chrono retries a pattern on the text after a rejected match's first character, so a lookbehind
 * there sees no word before it ("31.11." retried as "1.11."): check against the whole text.
 */
const startsWord = (context: ParsingContext, match: RegExpMatchArray) =>
  !/[\p{L}\p{N}.]/u.test(context.text.charAt((match.index ?? 0) - 1));

const slotsOf = (list: string) => list.split(" ").map((slot) => new RegExp(`^(?:${slot})\\.?$`, "iu"));
const slotIndex = (slots: RegExp[], text: string) => slots.findIndex((slot) => slot.test(text));

/** A date with dots, day first, in every language: "15.12.", "15.12.2026", "4.1.27". */
const DOTTED = /(?<![\p{L}\p{N}.])(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2}(?!\d))?(?![\p{L}\p{N}])/iu;

function dottedParser(): Parser {
  return {
    pattern: () => DOTTED,
    extract: (context, match) => {
      if (!startsWord(context, match)) return null;
      const [day, month] = [Number(match[1]), Number(match[2])];
      const year = match[3] ? Number(match[3].length === 2 ? `20${match[3]}` : match[3]) : null;
      const date = year ? calendarDate(year, month, day) : nextMonthDay(todayOf(context), month, day);
      return date ? parts(date) : null;
    },
  };
}

const parts = (date: string) => {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return { year, month, day };
};

/** A copy of `base` that also reads the language's date phrases (preferred where as long as chrono's). */
export function withDatePhrases(base: Chrono, phrases: DatePhrases): Chrono {
  const weekdays = slotsOf(phrases.weekdays);
  const months = slotsOf(phrases.months);
  const numbers = slotsOf(phrases.numbers);
  const group = (list: string) => list.split(" ").join("|");
  const fill: Record<string, (i: number) => string> = {
    weekday: (i) => `(?<weekday_${i}>(?:${group(phrases.weekdays)})\\.?)`,
    month: (i) => `(?<month_${i}>(?:${group(phrases.months)})\\.?)`,
    n: (i) => `(?<n_${i}>\\d{1,2}|${group(phrases.numbers)})`,
    day: (i) => `(?<day_${i}>\\d{1,2})`,
    notMonth: () => `(?!,? ?(?:of |de |del |d')?(?:${group(phrases.months)})(?![\\p{L}]))`,
  };
  const read = (groups: Record<string, string | undefined>): Slots => {
    const slots: Slots = {};
    for (const [name, text] of Object.entries(groups)) {
      if (text === undefined) continue;
      const kind = name.split("_")[0];
      if (kind === "weekday") slots.weekday = slotIndex(weekdays, text) + 1;
      if (kind === "month") slots.month = slotIndex(months, text) + 1;
      if (kind === "day") slots.day = Number(text);
      if (kind === "n") slots.n = /^\d+$/.test(text) ? Number(text) : slotIndex(numbers, text);
    }
    return slots;
  };
  const parsers = (Object.keys(RESOLVE) as PhraseKind[]).map((kind): Parser => {
    let i = 0;
    const source = phrases[kind].replace(/\{(\w+)\}/g, (_, name: string) => fill[name]!(i++));
    const pattern = wholeWords(source);
    return {
      pattern: () => pattern,
      extract: (context, match) => {
        if (!startsWord(context, match)) return null;
        const date = RESOLVE[kind](todayOf(context), read(match.groups ?? {}));
        return date ? parts(date) : null;
      },
    };
  });
  const chrono = base.clone();
  // First in line, so that where a phrase and chrono's reading are equally long, the phrase wins
  // ("vendredi 4" is the 4th, not Friday at 4 o'clock).
  chrono.parsers.unshift(dottedParser(), ...parsers);
  return chrono;
}
