/** Reading a text pass by pass: what one pass takes, the next does not read again. */

/** Thin and non-breaking spaces read as spaces (one character each, so indexes stay put). */
export const normaliseSpaces = (text: string) => text.replace(/[\u00a0\u202f\u2007\u2009]/g, " ");

/** Blanks `[start, end)` so later passes do not read the same characters again. */
export const blank = (text: string, start: number, end: number) =>
  text.slice(0, start) + " ".repeat(end - start) + text.slice(end);

/**
 * Runs `regex` (global) over `text`; `accept` answers whether a match counts. A match that does
 * not count moves the search on by one character only, so it cannot hide a real one behind it.
 */
export function scan(
  regex: RegExp,
  text: string,
  accept: (m: RegExpExecArray) => boolean,
): RegExpExecArray[] {
  const found: RegExpExecArray[] = [];
  regex.lastIndex = 0;
  for (let m = regex.exec(text); m; m = regex.exec(text)) {
    if (accept(m)) found.push(m);
    else regex.lastIndex = m.index + 1;
  }
  return found;
}
