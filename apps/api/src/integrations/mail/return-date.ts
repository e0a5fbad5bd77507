import * as chrono from "chrono-node";

const chronoParsers = (() => {
  // German short dates without a year ("bis 4.12.", "vom 20.11. bis 04.12."), which chrono's
  // German parser reads only with a year; a keyword before them keeps "Ziffer 3.2." a number.
  const de = chrono.de.casual.clone();
  de.parsers.push({
    pattern: () =>
      /(?:\b(?:bis|ab|am|vom|zum|einschlie(?:ß|ss)lich|einschl\.|den|dem|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag)|[,–-])[ \t]*(\d{1,2})\.(\d{1,2})\.(?!\d)/i,
    extract: (_context, match) => {
      const day = Number(match[1]);
      const month = Number(match[2]);
      return day >= 1 && day <= 31 && month >= 1 && month <= 12 ? { day, month } : null;
    },
  });
  return [chrono.en.casual, chrono.en.GB, de, chrono.fr.casual, chrono.es.casual];
})();

const isoDay = (year: number, month: number, day: number) => {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 ? date.toISOString().slice(0, 10) : null;
};

/**
 * The return date an automatic reply names, YYYY-MM-DD: the latest day it mentions after `sent`
 * (within a year). A range counts by its end ("from 20 November to 4 December"). A day without a
 * year is this year's, or next year's when this year's is over four months past. Where parsers read
 * one phrase differently, the longest reading wins, and between equally long ones ("04/12" is 12
 * April in the US and 4 December elsewhere) the nearer day: absences are short, and a reminder to
 * someone still away costs less than weeks of silence.
 */
export function namedReturnDate(text: string, sent: Date): string | null {
  const from = sent.toISOString().slice(0, 10);
  const limit = new Date(sent.getTime() + 365 * 86_400_000).toISOString().slice(0, 10);
  const refYear = sent.getUTCFullYear();
  const rolloverBefore = new Date(sent.getTime() - 120 * 86_400_000).toISOString().slice(0, 10);
  const found: { start: number; end: number; day: string }[] = [];
  for (const parser of chronoParsers) {
    for (const result of parser.parse(text, { instant: sent }, { forwardDate: true })) {
      const certain = (point: chrono.ParsedComponents | null | undefined) =>
        point?.isCertain("day") && point.isCertain("month") ? point : null;
      const point = certain(result.end) ?? certain(result.start);
      if (!point) continue;
      const [month, day] = [point.get("month") ?? 0, point.get("day") ?? 0];
      let date = isoDay(point.isCertain("year") ? (point.get("year") ?? 0) : refYear, month, day);
      // A day without a year that has just passed ("vom 20.11. bis 4.12.") is this year's, gone;
      // one long past ("back on 5 January", written in November) is next year's.
      if (date && date <= from && !point.isCertain("year") && date < rolloverBefore) {
        date = isoDay(refYear + 1, month, day);
      }
      if (!date || date <= from) continue;
      if (date <= limit) {
        found.push({ start: result.index, end: result.index + result.text.length, day: date });
      }
    }
  }
  found.sort((a, b) => a.start - b.start);
  let latest: string | null = null;
  for (let i = 0; i < found.length; ) {
    // Overlapping matches of several parsers are one phrase, read by the longest match ("lundi 7
    // décembre", not English's "7 d[ays]"); between equally long readings, the nearer day.
    let end = found[i]!.end;
    let best = found[i]!;
    for (i++; i < found.length && found[i]!.start < end; i++) {
      const next = found[i]!;
      end = Math.max(end, next.end);
      const [length, bestLength] = [next.end - next.start, best.end - best.start];
      if (length > bestLength || (length === bestLength && next.day < best.day)) best = next;
    }
    if (!latest || best.day > latest) latest = best.day;
  }
  return latest;
}
