/**
 * Reads a customer's reply for a promise to pay with a date, a dispute, or a payment already made,
 * in English, German, French and Spanish. Pure: the caller shows the result as a suggestion that
 * the user applies with one click, or not.
 *
 * - The quoted original, forwarded headers and the signature are not read (reply-text.ts).
 * - An automatic reply (out of office) says nothing, whatever dates it names.
 * - Precedence: a dispute over a payment over a promise. "We never received the goods, will pay
 *   once we do" is a dispute; "we paid half and will pay the rest on the 4th" is paid, which the
 *   user checks against the ledger before anything else.
 * - A payment or a promise is not read from a question ("can we pay on Friday?") nor from a
 *   negated clause ("we cannot pay by Friday"); a dispute is, "why were we charged twice?".
 * - A promise needs a commitment and a date in the same clause (else in the sentence's other
 *   clauses that aren't negated). Dates in the past or far ahead are reported as read.
 * - "Invoice not received" with a request to send it again is a request, not a dispute.
 */

import type { Lexicon } from "./lexicon.ts";
import { de } from "./lexicon-de.ts";
import { en } from "./lexicon-en.ts";
import { es } from "./lexicon-es.ts";
import { fr } from "./lexicon-fr.ts";
import { namedDate } from "./promise-date.ts";
import type { ReplyClock, ReplyIntent } from "./reply-intent.ts";
import { clausesOf, replyBody, type Sentence, sentencesOf } from "./reply-text.ts";

const LEXICONS = [en, de, fr, es];
const NONE: ReplyIntent = { kind: "none" };
const EVIDENCE_LENGTH = 300;
/**
 * How much is read: of the message, enough to find where the quoted history starts; of the
 * reply's own words, what a person writes (chrono takes seconds on a long run-on text).
 */
const MESSAGE_LIMIT = 64 * 1024;
const REPLY_LIMIT = 4 * 1024;

const evidence = (sentence: Sentence) =>
  sentence.text.length > EVIDENCE_LENGTH ? `${sentence.text.slice(0, EVIDENCE_LENGTH - 1)}…` : sentence.text;

/**
 * The languages, likeliest first by their commonest words: cues are tried in this order, so where
 * two languages' cues match, the likelier one's date parser reads the date.
 */
function byLikelyLanguage(body: string): Lexicon[] {
  const score = (lexicon: Lexicon) => body.match(lexicon.common)?.length ?? 0;
  return LEXICONS.map((lexicon) => ({ lexicon, score: score(lexicon) }))
    .sort((a, b) => b.score - a.score)
    .map(({ lexicon }) => lexicon);
}

function disputeIn(sentences: Sentence[], lexicons: Lexicon[], body: string): ReplyIntent | null {
  const asksToResend = lexicons.some((lexicon) => lexicon.resend.test(body));
  for (const sentence of sentences) {
    for (const lexicon of lexicons) {
      for (const [reason, pattern] of lexicon.disputes) {
        const found = pattern.exec(sentence.text);
        if (!found) continue;
        if (reason === "not_received" && asksToResend && lexicon.invoice.test(found[0])) continue;
        return { kind: "dispute", reason, evidence: evidence(sentence) };
      }
    }
  }
  return null;
}

/** Statements' clauses that are not negated, with the lexicon of the language they matched in. */
function* affirmed(sentences: Sentence[], lexicons: Lexicon[], cue: (lexicon: Lexicon) => RegExp) {
  for (const sentence of sentences) {
    if (sentence.question) continue;
    for (const clause of clausesOf(sentence.text)) {
      for (const lexicon of lexicons) {
        if (cue(lexicon).test(clause) && !lexicon.negated(clause)) yield { sentence, clause, lexicon };
      }
    }
  }
}

function paidIn(sentences: Sentence[], lexicons: Lexicon[]): ReplyIntent | null {
  for (const { sentence } of affirmed(sentences, lexicons, (lexicon) => lexicon.paid)) {
    return { kind: "paid", evidence: evidence(sentence) };
  }
  return null;
}

function promiseIn(sentences: Sentence[], lexicons: Lexicon[], clock: ReplyClock): ReplyIntent | null {
  for (const { sentence, clause, lexicon } of affirmed(sentences, lexicons, (l) => l.commitment)) {
    const rest = clausesOf(sentence.text)
      .filter((other) => other !== clause && !lexicon.negated(other))
      .join(" ");
    const from = lexicon.commitment.exec(clause)?.index ?? 0;
    const date = namedDate(clause, lexicon, clock, from) ?? (rest ? namedDate(rest, lexicon, clock) : null);
    if (date) return { kind: "promise", date, evidence: evidence(sentence) };
  }
  return null;
}

/** What a reply says; `at.today` is today's date in the company's zone `at.timeZone`. */
export function readReply(text: string, at: ReplyClock): ReplyIntent {
  const body = replyBody(text.slice(0, MESSAGE_LIMIT)).slice(0, REPLY_LIMIT);
  if (!body) return NONE;
  const lexicons = byLikelyLanguage(body);
  if (lexicons.some((lexicon) => lexicon.autoReply.test(body))) return NONE;
  const sentences = sentencesOf(body);
  return (
    disputeIn(sentences, lexicons, body) ??
    paidIn(sentences, lexicons) ??
    promiseIn(sentences, lexicons, at) ??
    NONE
  );
}
