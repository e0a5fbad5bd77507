/**
 * The query language's tokens (keywords, identifiers, numbers, quoted strings, symbols) and its
 * errors, worded like Intuit's (code 4000 "Error parsing query" with a javacc-style detail).
 */

export class QueryError extends Error {
  constructor(
    readonly code: "4000" | "4001" | "4002",
    readonly detail: string,
  ) {
    super(
      code === "4000" ? "Error parsing query" : code === "4001" ? "Invalid query" : "Error processing query",
    );
  }
}

export type TokenKind = "keyword" | "identifier" | "integer" | "decimal" | "string" | "symbol" | "eof";

export interface Token {
  kind: TokenKind;
  /** Lower-case for keywords, the unescaped value for strings, as written otherwise. */
  value: string;
  image: string;
  column: number;
}

const KEYWORDS = new Set([
  "select",
  "from",
  "where",
  "and",
  "or",
  "orderby",
  "order",
  "by",
  "asc",
  "desc",
  "startposition",
  "maxresults",
  "in",
  "like",
  "count",
  "true",
  "false",
  "iterator",
]);

function lexicalError(text: string, i: number): QueryError {
  const ch = text[i]!;
  return new QueryError(
    "4000",
    `QueryParserError: Invalid content. Lexical error at line 1, column ${i + 1}.  Encountered: "${ch}" (${ch.charCodeAt(0)}), after : ""`,
  );
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    const start = i;
    if (/[A-Za-z_]/.test(ch)) {
      while (i < text.length && /[A-Za-z0-9_.]/.test(text[i]!)) i++;
      const image = text.slice(start, i);
      const lower = image.toLowerCase();
      tokens.push({
        kind: KEYWORDS.has(lower) ? "keyword" : "identifier",
        value: KEYWORDS.has(lower) ? lower : image,
        image,
        column: start + 1,
      });
    } else if (/[0-9]/.test(ch) || (ch === "-" && /[0-9]/.test(text[i + 1] ?? ""))) {
      i++;
      while (i < text.length && /[0-9]/.test(text[i]!)) i++;
      let kind: TokenKind = "integer";
      if (text[i] === "." && /[0-9]/.test(text[i + 1] ?? "")) {
        kind = "decimal";
        i++;
        while (i < text.length && /[0-9]/.test(text[i]!)) i++;
      }
      const image = text.slice(start, i);
      tokens.push({ kind, value: image, image, column: start + 1 });
    } else if (ch === "'") {
      i++;
      let value = "";
      for (;;) {
        if (i >= text.length) throw lexicalError(text, start);
        const c = text[i]!;
        if (c === "\\" && i + 1 < text.length) {
          value += text[i + 1];
          i += 2;
        } else if (c === "'") {
          i++;
          break;
        } else {
          value += c;
          i++;
        }
      }
      tokens.push({ kind: "string", value, image: text.slice(start, i), column: start + 1 });
    } else {
      const two = text.slice(i, i + 2);
      const symbol = ["<=", ">=", "!=", "<>"].includes(two) ? two : "*(),=<>".includes(ch) ? ch : undefined;
      if (!symbol) throw lexicalError(text, i);
      i += symbol.length;
      tokens.push({
        kind: "symbol",
        value: symbol === "<>" ? "!=" : symbol,
        image: symbol,
        column: start + 1,
      });
    }
  }
  tokens.push({ kind: "eof", value: "", image: "", column: text.length + 1 });
  return tokens;
}

/** A token as javacc's error messages name it. */
export function describeToken(token: Token): string {
  switch (token.kind) {
    case "eof":
      return '"<EOF>"';
    case "identifier":
      return `" <IDENTIFIER> "${token.image} ""`;
    case "integer":
      return `" <INTEGER> "${token.image} ""`;
    case "decimal":
      return `" <DECIMAL> "${token.image} ""`;
    case "string":
      return `" <STRING_LITERAL> "${token.image} ""`;
    default:
      return `" "${token.value}" "${token.image} ""`;
  }
}
