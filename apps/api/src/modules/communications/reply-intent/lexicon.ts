/**
 * What readReply knows of one language, written as phrases: regular-expression alternatives
 * matched as whole words, case-insensitive, on text whose spaces are single and whose apostrophes
 * are straight ("'"). One file per language (lexicon-en.ts …) fills this in.
 */
import type { Chrono } from "chrono-node";
import { type DatePhrases, withDatePhrases } from "./date-phrases.ts";
import type { DisputeReason, Language } from "./reply-intent.ts";
import { wholeWords } from "./whole-words.ts";

export type ReadReason = Exclude<DisputeReason, "already_paid">;

export interface LexiconSource {
  language: Language;
  /** Frequent words, to rank a reply's languages. */
  common: string;
  /** An automatic reply (out of office): never read for anything. */
  autoReply: string;
  /** A request to send the invoice again: an invoice "not received" with it is not a dispute. */
  resend: string;
  invoice: string;
  /** Words that turn a payment or a promise around ("cannot pay"), and phrases that look so but don't ("no later than"). */
  negation: string;
  notNegation: string;
  /** A payment already made ("already paid", "bereits überwiesen"). */
  paid: string;
  /** A commitment to pay ("we will pay", "Zahlung erfolgt"); a promise when its clause names a date. */
  commitment: string;
  /** Contesting the invoice, by reason, checked in this order. */
  disputes: Record<ReadReason, string>;
  dates: DatePhrases;
  /** Pieces several phrases share, written `{name}` in them ("{goods} … not received"). */
  fragments?: Record<string, string>;
  /** chrono's parser for the language; `monthFirst` where numeric dates can be M/D (English). */
  chrono: { dayFirst: Chrono; monthFirst?: Chrono };
}

export interface Lexicon {
  language: Language;
  common: RegExp;
  autoReply: RegExp;
  resend: RegExp;
  invoice: RegExp;
  paid: RegExp;
  commitment: RegExp;
  disputes: [ReadReason, RegExp][];
  /** Whether a clause is negated (once its harmless look-alikes are set aside). */
  negated(clause: string): boolean;
  dateParser(monthFirst: boolean): Chrono;
}

const REASONS: ReadReason[] = ["wrong_amount", "not_received", "goods_or_service", "other"];

/** The source with its fragments put in place; other placeholders ({weekday} …) are the date phrases'. */
function expandFragments(source: LexiconSource): LexiconSource {
  const { language, chrono, disputes, dates, fragments = {}, ...cues } = source;
  const expand = (phrase: string) =>
    phrase.replace(/\{(\w+)\}/g, (whole, name: string) => fragments[name] ?? whole);
  const expandAll = <T extends object>(phrases: T) =>
    Object.fromEntries(Object.entries(phrases).map(([key, phrase]) => [key, expand(phrase)])) as T;
  return { ...expandAll(cues), language, chrono, disputes: expandAll(disputes), dates: expandAll(dates) };
}

export function compileLexicon(written: LexiconSource): Lexicon {
  const source = expandFragments(written);
  const negation = wholeWords(source.negation);
  const notNegation = wholeWords(source.notNegation, "giu");
  const dayFirst = withDatePhrases(source.chrono.dayFirst, source.dates);
  const monthFirst = source.chrono.monthFirst
    ? withDatePhrases(source.chrono.monthFirst, source.dates)
    : dayFirst;
  return {
    language: source.language,
    common: wholeWords(source.common, "giu"),
    autoReply: wholeWords(source.autoReply),
    resend: wholeWords(source.resend),
    invoice: wholeWords(source.invoice),
    paid: wholeWords(source.paid),
    commitment: wholeWords(source.commitment),
    disputes: REASONS.map((reason) => [reason, wholeWords(source.disputes[reason])]),
    negated: (clause) => negation.test(clause.replace(notNegation, " ")),
    dateParser: (isMonthFirst) => (isMonthFirst ? monthFirst : dayFirst),
  };
}
