/** What the detectors find, and how they take it from the text. */
import { blank, scan } from "./scan.ts";

export type DetailKind =
  | "link"
  | "email address"
  | "phone number"
  | "bank account number"
  | "card number"
  | "IBAN"
  | "routing number"
  | "sort code"
  | "SWIFT code"
  | "crypto wallet address"
  | "payment handle"
  | "encoded text"
  | "number";

export interface Finding {
  kind: DetailKind;
  /** As it stands in the normalised text. */
  text: string;
  index: number;
  /** What it reads as when that is not its text: a decoded blob, a ROT13 domain, a link's target. */
  reads?: string;
  /** Markdown or HTML: never the company's own, since drafts are plain text. */
  markup?: boolean;
}

export interface Verdict {
  kind: DetailKind;
  reads?: string;
  markup?: boolean;
  /** How much of the match it is, when less (a link without the sentence's full stop). */
  length?: number;
}

/** A text being read: what is still unread, and what was found in it. */
export interface Sheet {
  text: string;
  found: Finding[];
}

/** Takes the matches of `pattern` that `judge` names a detail, blanking each. */
export function collect(
  sheet: Sheet,
  pattern: RegExp,
  judge: (m: RegExpExecArray, text: string) => Verdict | null,
): void {
  const hits: [RegExpExecArray, Verdict][] = [];
  scan(pattern, sheet.text, (m) => {
    const verdict = judge(m, sheet.text);
    if (verdict) hits.push([m, verdict]);
    return verdict !== null;
  });
  for (const [m, { length = m[0].length, ...verdict }] of hits) {
    sheet.found.push({ ...verdict, text: m[0].slice(0, length), index: m.index });
    sheet.text = blank(sheet.text, m.index, m.index + length);
  }
}

/** Trailing punctuation that ends the sentence rather than the link or number. */
export const trailing = (text: string) => text.length - /[.,;:!?)\]}'"*_]*$/.exec(text)![0].length;
