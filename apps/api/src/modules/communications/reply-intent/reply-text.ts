/**
 * A reply's own words: HTML leftovers decoded, the quoted original, forwarded headers and the
 * signature cut off, then split into sentences and clauses.
 */

const ENTITIES: Record<string, string> = {
  nbsp: " ",
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  rsquo: "'",
  lsquo: "'",
  ldquo: '"',
  rdquo: '"',
  ndash: "–",
  mdash: "—",
  hellip: "…",
  szlig: "ß",
};
/** "&eacute;" is e with a combining acute accent. */
const ACCENTS: Record<string, string> = {
  acute: "\u0301",
  grave: "\u0300",
  circ: "\u0302",
  uml: "\u0308",
  cedil: "\u0327",
  tilde: "\u0303",
};

function decodeHtmlLeftovers(text: string): string {
  return text
    .replace(/<\/(?:p|div|tr|table|h\d)>/gi, "\n\n")
    .replace(/<br\s*\/?>|<\/li>/gi, "\n")
    .replace(/<\/?[a-z][^<>]*>/gi, "")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(Number.parseInt(code, 16)))
    .replace(/&([a-z])(acute|grave|circ|uml|cedil|tilde);/gi, (_, letter: string, accent: string) =>
      `${letter}${ACCENTS[accent.toLowerCase()]}`.normalize("NFC"),
    )
    .replace(/&([a-z]+);/gi, (entity, name: string) => ENTITIES[name.toLowerCase()] ?? entity)
    .replace(/\[(?:cid|image):[^\]]*\]/gi, "")
    .replace(/[\u00a0\u2007\u202f]/g, " ")
    .replace(/[\u200b-\u200d\ufeff]/g, "")
    .replace(/[\u2018\u2019\u02bc`´]/g, "'")
    .replace(/\r\n?/g, "\n");
}

/** Where quoted history starts: the first of these lines ends the reply. */
const HISTORY = [
  /^[ \t]*On\b[^\n]{0,300}(?:\n[^\n]{0,300})?\bwrote:[ \t]*$/im,
  /^[ \t]*Am\b[^\n]{0,300}(?:\n[^\n]{0,300})?\bschrieb\b[^\n]{0,300}:[ \t]*$/im,
  /^[ \t]*Le\b[^\n]{0,300}(?:\n[^\n]{0,300})?\ba écrit ?:[ \t]*$/im,
  /^[ \t]*El\b[^\n]{0,300}(?:\n[^\n]{0,300})?\bescribió:[ \t]*$/im,
  /^[ \t]*-{2,}[ \t]*(?:original message|ursprüngliche nachricht|message d'origine|mensaje original)/im,
  /^[ \t*]*(?:from|von|de|da)[ \t*]*:[^\n]*\n(?:[^\n]*\n){0,2}?[ \t*]*(?:sent|date|gesendet|datum|envoyé|enviado(?: el)?|fecha)[ \t*]*:/im,
  /^[ \t]*_{10,}[ \t]*$/m,
  // The signature, and the phone's line that stands for one.
  /^-- ?$/m,
  /^[ \t]*(?:sent from my|von meinem [^\n]* gesendet|envoyé de mon|enviado desde mi)\b/im,
  // A sign-off alone on its line: what follows is the signature.
  /^[ \t]*(?:best|kind|warm|many thanks and)? ?regards,?[ \t]*$|^[ \t]*(?:cheers|best|thanks|thank you|sincerely|yours sincerely),?[ \t]*$/im,
  /^[ \t]*(?:mit )?(?:freundliche[nm]?|beste[nm]?|herzliche[nm]?|viele|liebe|schöne) grüßen?,?[ \t]*$|^[ \t]*(?:mfg|vg|lg),?[ \t]*$/im,
  /^[ \t]*(?:bien )?cordialement,?[ \t]*$|^[ \t]*(?:bien à vous|salutations distinguées),?[ \t]*$/im,
  /^[ \t]*(?:un )?(?:cordial )?saludos?(?: cordiales)?,?[ \t]*$|^[ \t]*atentamente,?[ \t]*$/im,
];

/** "Hi Dana," or "Sehr geehrte Frau Krüger," alone on the first line: not part of the message. */
const GREETING =
  /^(?:hi|hello|hey|dear|good (?:morning|afternoon)|hallo|guten (?:tag|morgen)|sehr geehrte[rs]?|liebe[rs]?|moin|bonjour|bonsoir|madame|monsieur|cher|chère|hola|buen(?:os|as) (?:días|tardes)|estimad[oa]s?)(?:[ ,][^\n]{0,50}[,:!]|[ ,]?[^ \n]{0,30}[,:!]?)$/iu;

/** The reply's own text, without quoted history, greeting or signature. */
export function replyBody(text: string): string {
  let body = decodeHtmlLeftovers(text);
  for (const start of HISTORY) {
    const found = start.exec(body);
    if (found) body = body.slice(0, found.index);
  }
  const lines = body.split("\n").filter((line) => !/^[ \t]*>/.test(line));
  const first = lines.findIndex((line) => line.trim() !== "");
  if (first >= 0 && GREETING.test(lines[first]!.trim())) lines.splice(first, 1);
  return lines.join("\n").trim();
}

export interface Sentence {
  text: string;
  question: boolean;
}

// Not after a common abbreviation, nor inside a German date ("am 4. Dezember").
const SENTENCE_END =
  /(?<=[!?…]|(?<!\b(?:z\.B|bzw|Nr|No|ca|inkl|evtl|Mr|Mrs|Ms|Dr|St|vs|etc|approx|Sr|Sra|Mme|M))\.)\s+(?=[\p{Lu}¿¡"(])(?!(?<=\d\.\s+)(?:Jan|Feb|Mär|Apr|Mai|Jun|Jul|Aug|Sep|Okt|Nov|Dez))|(?<=[?!])\s+/u;

/**
 * Sentences of the body: paragraphs are joined over their line breaks (mail wraps lines), then
 * split after end punctuation. "We will pay on Friday, is that OK?" is a statement and a question.
 */
export function sentencesOf(body: string): Sentence[] {
  const sentences: Sentence[] = [];
  for (const paragraph of body.split(/\n[ \t]*\n/)) {
    const joined = paragraph.replace(/\s+/g, " ").trim();
    for (const piece of joined.split(SENTENCE_END)) {
      const text = piece.trim();
      if (!text) continue;
      const question = text.endsWith("?") || text.startsWith("¿");
      const tag = question ? text.lastIndexOf(", ") : -1;
      if (tag > 0 && !text.startsWith("¿")) {
        sentences.push({ text: text.slice(0, tag), question: false });
        sentences.push({ text: text.slice(tag + 2), question: true });
      } else {
        sentences.push({ text, question });
      }
    }
  }
  return sentences;
}

const CLAUSE_BREAK =
  /\s*;\s*|,?\s+(?=(?:but|however|although|though|aber|jedoch|allerdings|sondern|mais|cependant|toutefois|pero|sin embargo|aunque|sino)\s)/iu;

/** A sentence's clauses, split where it turns ("…, but …"): a negation counts within its clause. */
export const clausesOf = (sentence: string) =>
  sentence
    .split(CLAUSE_BREAK)
    .map((clause) => clause.trim())
    .filter(Boolean);
