/**
 * The text the guard reads: what a reader, a mail client or a browser would take the draft to say,
 * whatever it was dressed up as. In order: escapes decoded (HTML entities, `%2E`, `\u002e`),
 * invisible and direction characters dropped, compatibility forms folded (NFKC: full-width,
 * circled and mathematical letters), defanged links read as real (`hxxp`, `evil[.]example`,
 * `(dot)`, `[:]`, `[/]`, `evil dot com`), letters spaced out one by one ("e v i l . c o m") joined,
 * and look-alike letters (Cyrillic "а", Greek "ο") read as the Latin ones they imitate inside
 * words that mix scripts or hold a dot, "@", "/" or ":".
 */
import { TLD_ALTERNATION } from "./tlds.ts";

export interface Normalised {
  /** The text as read. */
  text: string;
  /**
   * The same text before look-alike letters were mapped, of the same length: where the two differ,
   * a detail was written in look-alikes, and it is never the company's own however it reads.
   */
  unmapped: string;
}

/** Characters that reorder the text as shown, so it reads otherwise than it is stored. */
export const DIRECTION_OVERRIDES = /[\u202A-\u202E\u2066-\u2069]/u;

/** Soft hyphens, zero-width and direction characters, variation selectors, tags: all that shows nothing. */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  period: ".",
  colon: ":",
  sol: "/",
  commat: "@",
  lpar: "(",
  rpar: ")",
  lsqb: "[",
  rsqb: "]",
  num: "#",
  percnt: "%",
  dollar: "$",
};

const fromCode = (code: number) => (code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "");

function percentDecode(run: string): string {
  try {
    return decodeURIComponent(run);
  } catch {
    return run.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  }
}

/** HTML entities, `\u…`/`\x…` escapes and percent-encoding, as a browser or a model would decode them. */
const decodeEscapes = (text: string) =>
  text
    .replace(/&#(\d{1,7});?|&#x([0-9a-f]{1,6});?|&([a-z]{2,8});/gi, (whole, dec, hex, name: string) =>
      dec ? fromCode(Number(dec)) : hex ? fromCode(Number.parseInt(hex, 16)) : (ENTITIES[name] ?? whole),
    )
    .replace(/\\u\{([0-9a-f]{1,6})\}|\\u([0-9a-f]{4})|\\x([0-9a-f]{2})/gi, (_, a, b, c) =>
      fromCode(Number.parseInt(a ?? b ?? c, 16)),
    )
    .replace(/(?:%[0-9a-f]{2})+/gi, percentDecode);

/** A known ending next, or any ending followed by a path ("paypal dot me/evil"). */
const TLD_NEXT = `(?=(?:${TLD_ALTERNATION})(?![\\p{L}\\p{N}])|\\p{L}{2,63}\\/)`;

/** Defanged ways of writing a link ("hxxps[:]//evil[.]example[/]pay"), read as the real thing. */
const DEFANGED: [RegExp, string][] = [
  [/\bh(?:xx|XX|\*\*|__)p(s?)(?=\s*[:[({])/g, "http$1"],
  [/\s*[[({]\s*(?:\.|dot)\s*[\])}]\s*/gi, "."],
  [/\s*[[({]\s*(?:@|at)\s*[\])}]\s*/gi, "@"],
  [/[[({]\s*(:\/\/|:|\/\/|\/)\s*[\])}]/g, "$1"],
  [/\\([./:@])/g, "$1"],
  [/(?<=[\p{L}\p{N}])[。︒](?=[\p{L}\p{N}])/gu, "."],
  [new RegExp(`(?<=[\\p{L}\\p{N}]{2})\\s+(?:dot|punto|point|punkt|точка)\\s+${TLD_NEXT}`, "giu"), "."],
  [new RegExp(`(?<=[\\p{L}\\p{N}])\\s+\\.\\s*${TLD_NEXT}`, "giu"), "."],
];

/**
 * Three or more characters standing alone, one space apart, the words of them two apart ("e v i l
 * . c o m", "n e e d  t o  p a y", "5 5 5 0 1 0 9"), the last perhaps followed by punctuation.
 */
const SPACED_OUT = /(?<!\S)\S(?:[ \t]{1,2}\S){2,}(?=[\s.,;:!?)]|$)/g;
const joinSpacedOut = (run: string) =>
  run
    .split(/[ \t]{2,}/)
    .map((word) => word.replace(/[ \t]/g, ""))
    .join(" ");

/** Look-alikes of Latin letters, in pairs: the look-alike, then the letter it imitates. */
const LOOKALIKE_PAIRS =
  "аaвbеeёeкkмmнhоoрpсcтtуyхxѕsіiїiјjһhԁdԛqԝwӏlьbАAВBЕEКKМMНHОOРPСCТTУYХXЅSІIЈJҺHԚQԜWӀI" +
  "αaβbγyεeιiκkνvοoρpτtυuχxωwΑAΒBΕEΖZΗHΙIΚKΜMΝNΟOΡPΤTΥYΧXıiɑaɡgɩiօoսuհhոn";
const LOOKALIKES = new Map<string, string>();
for (let i = 0; i < LOOKALIKE_PAIRS.length; i += 2) {
  LOOKALIKES.set(LOOKALIKE_PAIRS[i]!, LOOKALIKE_PAIRS[i + 1]!);
}

const mapWord = (word: string) => [...word].map((c) => LOOKALIKES.get(c) ?? c).join("");
const latin = (word: string | undefined) => word !== undefined && /[A-Za-z]/.test(word);
const otherScript = (word: string | undefined) =>
  word !== undefined &&
  [...word].some((c) => /[\p{Script=Cyrillic}\p{Script=Greek}]/u.test(c) && !LOOKALIKES.has(c));

/**
 * Maps look-alikes in words that mix them with Latin letters or digits or hold ". @ / :" inside,
 * and in words made of look-alikes only that stand between Latin words ("nееd tо рау this"), not
 * beside a Russian or Greek one, so text in those languages stays as it is.
 */
function mapLookalikes(text: string): string {
  const parts = text.split(/(\s+)/);
  const words = parts.filter((_, i) => i % 2 === 0);
  const mapped = words.map((w) => (/[A-Za-z0-9]/.test(w) || /.[.@/:]./u.test(w) ? mapWord(w) : w));
  const allLookalike = words.map(
    (w) => /\p{L}/u.test(w) && [...w].every((c) => !/\p{L}/u.test(c) || LOOKALIKES.has(c)),
  );
  for (const order of [[...words.keys()], [...words.keys()].reverse()]) {
    for (const i of order) {
      const near = [mapped[i - 1], mapped[i + 1]];
      if (allLookalike[i] && near.some(latin) && !near.some(otherScript)) mapped[i] = mapWord(words[i]!);
    }
  }
  return parts.map((p, i) => (i % 2 === 0 ? mapped[i / 2]! : p)).join("");
}

export function normalise(input: string): Normalised {
  // NFKC would read the ordinal indicator of "1º de marzo" as the letter o.
  let text = decodeEscapes(input.replace(/º/g, "°")).replace(INVISIBLE, "").normalize("NFKC");
  text = text.replace(INVISIBLE, "");
  for (const [pattern, replacement] of DEFANGED) text = text.replace(pattern, replacement);
  text = text.replace(SPACED_OUT, joinSpacedOut);
  return { text: mapLookalikes(text), unmapped: text };
}
