import fc from "fast-check";
import { multipartBody } from "./multipart.ts";
import type { FuzzOperation, Method } from "./operations.ts";
import { anyString, type Known, objectFor, valueFor } from "./values.ts";

/** Stands for the signed-in user's current token; the runner puts it in when it sends. */
export const TOKEN = "{{token}}";

export interface FuzzRequest {
  /** `METHOD /path/{template}`: the operation it was made for. */
  operation: string;
  method: Method;
  url: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

/** encodeURIComponent, with a lone surrogate (which it refuses) read as U+FFFD first. */
const encode = (text: string) =>
  encodeURIComponent(
    text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD"),
  );

/** Only the characters of printable ASCII (what a header value or a raw URL may hold). */
const printable = (text: string) => [...text].filter((c) => c >= " " && c <= "~").join("");

const authorization = fc.oneof(
  { arbitrary: fc.constant(`Bearer ${TOKEN}`), weight: 12 },
  { arbitrary: fc.constant(null), weight: 1 },
  { arbitrary: fc.constantFrom("Bearer ", "Bearer abc.def.ghi", "Basic dXNlcjpwYXNz", "bearer"), weight: 1 },
  {
    arbitrary: anyString.map((s) => `Bearer ${printable(s)}`),
    weight: 1,
  },
);

/** A path or query value as text (objects as JSON), percent-encoded mostly, raw now and then. */
const asParam = (value: unknown, raw: boolean) => {
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? "");
  return raw ? printable(text).replace(/[\s#?/]/g, "") : encode(text);
};

function pathFor(op: FuzzOperation, known: Known, tidy: boolean) {
  const values = op.pathParams.map((name) =>
    fc
      .tuple(valueFor(name, { type: "string" }, known, 0, tidy), fc.nat(4))
      .map(([v, raw]) => [name, asParam(v, !tidy && raw === 0)] as const),
  );
  return fc.tuple(...values).map((pairs) => {
    let path = op.path;
    for (const [name, value] of pairs) path = path.replace(`{${name}}`, value || "%20");
    return path;
  });
}

function queryFor(op: FuzzOperation, known: Known, tidy: boolean) {
  const params = op.query.map((q) =>
    fc
      .tuple(
        fc.double({ min: 0, max: 1, noNaN: true }),
        valueFor(q.name, q.schema, known, 0, tidy),
        fc.nat(9),
      )
      .map(([roll, value, raw]) =>
        roll < (q.required ? (tidy ? 1 : 0.92) : 0.4) ? asPair(q.name, value, !tidy && raw === 0) : null,
      ),
  );
  const extra = fc.option(
    fc.oneof(
      fc.tuple(anyString, anyString).map(([k, v]) => `${encode(k)}=${encode(v)}`),
      fc.constantFrom("page=1&page=2", "limit=", "=x", "&&", "a=%zz", "companyId[]=x", "__proto__[x]=1"),
    ),
    { freq: tidy ? 1_000_000 : 5 },
  );
  return fc.tuple(fc.tuple(...params), extra).map(([pairs, more]) => {
    const all = [...pairs.filter((p): p is string => p !== null), ...(more ? [more] : [])];
    return all.length ? `?${all.join("&")}` : "";
  });
}
const asPair = (name: string, value: unknown, raw: boolean) => `${encode(name)}=${asParam(value, raw)}`;

/** The body: the operation's own kind mostly (JSON or a form), else another kind or malformed. */
function bodyFor(
  op: FuzzOperation,
  known: Known,
  tidy: boolean,
): fc.Arbitrary<{ contentType?: string; body?: string | Buffer }> {
  const schema = op.body?.schema ?? { type: "object" };
  const json = objectFor(schema, known, 0, tidy).map((o) => ({
    contentType: "application/json",
    body: JSON.stringify(o),
  }));
  const form = multipartBody(schema, known, tidy);
  const malformed = fc.oneof(
    fc
      .constantFrom(
        "{",
        '{"a":',
        "[1,2",
        "nul",
        "",
        "\u0000",
        '{"__proto__":{"x":1}}',
        '"text"',
        "null",
        "[]",
        "12",
      )
      .map((body) => ({ contentType: "application/json", body })),
    fc.constant({ contentType: "application/json", body: `${"[".repeat(3000)}${"]".repeat(3000)}` }),
    anyString.map((body) => ({ contentType: "text/plain", body })),
    fc.tuple(anyString, anyString).map(([k, v]) => ({
      contentType: "application/x-www-form-urlencoded",
      body: `${encode(k)}=${encode(v)}`,
    })),
    fc
      .constantFrom(
        "application/xml",
        "image/png",
        "message/rfc822",
        "multipart/mixed",
        "text/html; charset=utf-7",
        ";;",
      )
      .map((contentType) => ({ contentType, body: "<x/>" })),
    fc.constant({ contentType: "application/json" }),
  );
  const own =
    op.body?.contentType === "multipart/form-data"
      ? form
      : op.body?.contentType === "message/rfc822"
        ? anyString.map((body) => ({ contentType: "message/rfc822", body }))
        : json;
  if (tidy) return op.body ? own : fc.constant({});
  if (op.method === "GET" || op.method === "DELETE") {
    return fc.oneof({ arbitrary: fc.constant({}), weight: 8 }, { arbitrary: malformed, weight: 1 });
  }
  return fc.oneof(
    { arbitrary: own, weight: 6 },
    { arbitrary: malformed, weight: 2 },
    { arbitrary: form, weight: 1 },
  );
}

/**
 * One request for `op`, random in its path, query, token, content type and body; one in three is
 * tidy (every value fits, the token is good), to get past validation to the code behind it.
 */
export function requestFor(op: FuzzOperation, known: Known): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(
    { arbitrary: made(op, known, false), weight: 2 },
    { arbitrary: made(op, known, true), weight: 1 },
  );
}

function made(op: FuzzOperation, known: Known, tidy: boolean): fc.Arbitrary<FuzzRequest> {
  return fc
    .tuple(
      pathFor(op, known, tidy),
      queryFor(op, known, tidy),
      bodyFor(op, known, tidy),
      tidy ? fc.constant(`Bearer ${TOKEN}`) : authorization,
    )
    .map(([path, query, { contentType, body }, auth]) => ({
      operation: `${op.method} ${op.path}`,
      method: op.method,
      url: `${path}${query}`,
      headers: {
        ...(auth !== null ? { authorization: auth } : {}),
        ...(contentType ? { "content-type": contentType } : {}),
      },
      ...(body !== undefined ? { body } : {}),
    }));
}

/**
 * `count` requests from a fixed seed (the same list on every run and machine), taking the
 * operations in turn so that every one is tried once `count` reaches their number. Upload routes
 * take four turns: their multipart parsing is where malformed bodies used to answer 500.
 */
export function fuzzRequests(
  operations: FuzzOperation[],
  known: Known,
  opts: { seed: number; count: number },
) {
  const turns = operations.flatMap((op) =>
    op.body?.contentType === "multipart/form-data" ? [op, op, op, op] : [op],
  );
  const rounds = Math.ceil(opts.count / turns.length);
  const perOperation = turns.map((op, i) =>
    fc.sample(requestFor(op, known), { seed: opts.seed + i, numRuns: rounds }),
  );
  const requests: FuzzRequest[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const list of perOperation) if (requests.length < opts.count) requests.push(list[round]!);
  }
  return requests;
}
