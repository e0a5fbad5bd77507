/**
 * A parser for the QuickBooks query language, as far as Recoup uses it:
 *
 *   SELECT * | count(*) | Field[, ...] FROM Entity
 *     [WHERE Field op value [AND ...]]   op: = < > <= >= != IN (...) LIKE '%x%'
 *     [ORDERBY Field [ASC|DESC][, ...]] [STARTPOSITION n] [MAXRESULTS n]
 *
 * Keywords and names are case-insensitive. Errors read like Intuit's (code 4000
 * "Error parsing query" with a javacc-style QueryParserError detail).
 */
import { describeToken, QueryError, type Token, tokenize } from "./query-lexer.ts";

export { QueryError } from "./query-lexer.ts";

export type Operator = "=" | "!=" | "<" | ">" | "<=" | ">=" | "in" | "like";

export interface Literal {
  kind: "string" | "number" | "boolean";
  text: string;
}

export interface Condition {
  field: string;
  op: Operator;
  values: Literal[];
}

export interface ParsedQuery {
  count: boolean;
  entity: string;
  where: Condition[];
  orderBy: { field: string; desc: boolean }[];
  startPosition?: number;
  maxResults?: number;
}

class Parser {
  #pos = 0;
  constructor(readonly tokens: Token[]) {}

  get peek(): Token {
    return this.tokens[this.#pos]!;
  }

  next(): Token {
    const token = this.peek;
    if (token.kind !== "eof") this.#pos++;
    return token;
  }

  fail(expected: string[]): never {
    const token = this.peek;
    const list = expected.map((e) => `    ${e} ...\n`).join("");
    throw new QueryError(
      "4000",
      `QueryParserError: Encountered ${describeToken(token)} at line 1, column ${token.column}.\nWas expecting one of:\n${list}    `,
    );
  }

  isKeyword(...words: string[]): boolean {
    return this.peek.kind === "keyword" && words.includes(this.peek.value);
  }

  isSymbol(symbol: string): boolean {
    return this.peek.kind === "symbol" && this.peek.value === symbol;
  }

  keyword(word: string): void {
    if (!this.isKeyword(word)) this.fail([`"${word}"`]);
    this.next();
  }

  symbol(symbol: string): void {
    if (!this.isSymbol(symbol)) this.fail([`"${symbol}"`]);
    this.next();
  }

  identifier(): string {
    if (this.peek.kind !== "identifier") this.fail(["<IDENTIFIER>"]);
    return this.next().value;
  }

  integer(): number {
    if (this.peek.kind !== "integer") this.fail(["<INTEGER>"]);
    return Number(this.next().value);
  }

  literal(): Literal {
    const token = this.peek;
    if (token.kind === "string") return { kind: "string", text: this.next().value };
    if (token.kind === "integer" || token.kind === "decimal")
      return { kind: "number", text: this.next().value };
    if (this.isKeyword("true", "false")) return { kind: "boolean", text: this.next().value };
    return this.fail(["<STRING_LITERAL>", "<INTEGER>", "<DECIMAL>", '"true"', '"false"']);
  }
}

const OPERATORS: Operator[] = ["=", "!=", "<", ">", "<=", ">="];

function condition(p: Parser): Condition {
  const field = p.identifier();
  if (p.isKeyword("in")) {
    p.next();
    p.symbol("(");
    const values = [p.literal()];
    while (p.isSymbol(",")) {
      p.next();
      values.push(p.literal());
    }
    p.symbol(")");
    return { field, op: "in", values };
  }
  if (p.isKeyword("like")) {
    p.next();
    if (p.peek.kind !== "string") p.fail(["<STRING_LITERAL>"]);
    return { field, op: "like", values: [p.literal()] };
  }
  const token = p.peek;
  if (token.kind !== "symbol" || !OPERATORS.includes(token.value as Operator)) {
    p.fail(['"="', '"<"', '">"', '"<="', '">="', '"!="', '"in"', '"like"']);
  }
  p.next();
  return { field, op: token.value as Operator, values: [p.literal()] };
}

export function parseQuery(text: string): ParsedQuery {
  const p = new Parser(tokenize(text));
  p.keyword("select");
  let count = false;
  if (p.isSymbol("*")) p.next();
  else if (p.isKeyword("count")) {
    p.next();
    p.symbol("(");
    p.symbol("*");
    p.symbol(")");
    count = true;
  } else {
    // A list of properties: accepted, and (like Intuit) whole entities come back.
    p.identifier();
    while (p.isSymbol(",")) {
      p.next();
      p.identifier();
    }
  }
  p.keyword("from");
  const entity = p.identifier();
  const query: ParsedQuery = { count, entity, where: [], orderBy: [] };

  if (p.isKeyword("where")) {
    p.next();
    query.where.push(condition(p));
    while (p.isKeyword("and", "or")) {
      if (p.peek.value === "or") {
        throw new QueryError("4001", "QueryValidationError: OR operator is not supported");
      }
      p.next();
      query.where.push(condition(p));
    }
  }
  if (p.isKeyword("orderby", "order")) {
    if (p.next().value === "order") p.keyword("by");
    for (;;) {
      const field = p.identifier();
      let desc = false;
      if (p.isKeyword("asc", "desc")) desc = p.next().value === "desc";
      query.orderBy.push({ field, desc });
      if (!p.isSymbol(",")) break;
      p.next();
    }
  }
  while (p.isKeyword("startposition", "maxresults")) {
    const word = p.next().value;
    const value = p.integer();
    if (word === "startposition") query.startPosition = value;
    else query.maxResults = value;
  }
  if (p.peek.kind !== "eof") {
    const expected = ['"<EOF>"', "<AND>", '"maxresults"', '"orderby"', '"startposition"'];
    p.fail(expected);
  }
  return query;
}
