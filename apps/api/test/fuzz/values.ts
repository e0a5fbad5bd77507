import fc from "fast-check";
import type { Schema } from "./operations.ts";

/** Values the signed-in user's company really has, by parameter name: they get past the first checks. */
export type Known = Record<string, string[]>;

/** Strings that have broken parsers, databases and templates somewhere. */
const NASTY = [
  "",
  " ",
  "0",
  "-1",
  "1e309",
  "NaN",
  "null",
  "true",
  "[]",
  "{}",
  "__proto__",
  "constructor",
  "../../../../etc/passwd",
  "%00",
  "%",
  "%zz",
  "\u0000",
  "a\u0000b",
  "'; drop table invoices; --",
  "<script>alert(1)</script>",
  "{{7*7}}<%= 7*7 %>",
  `$${"{7*7}"}`,
  "😀".repeat(30),
  "\uD800",
  "\r\nX-Injected: 1",
  "9".repeat(40),
  "-9223372036854775809",
  "2026-02-30",
  "0000-00-00",
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
  "a".repeat(5_000),
  "x@",
  "@x",
  "a@b",
];

export const nastyString = fc.constantFrom(...NASTY);

/** Any string: short text of any Unicode, bytes read as text, or a nasty one. */
export const anyString = fc.oneof(
  { arbitrary: fc.string({ maxLength: 40 }), weight: 3 },
  { arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 40 }), weight: 1 },
  { arbitrary: nastyString, weight: 3 },
);

const dateString = fc
  .date({ min: new Date("1900-01-01"), max: new Date("2100-12-31"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

/** A string shaped like the schema asks (its enum, format, pattern, length), before any mischief. */
function fittingString(schema: Schema): fc.Arbitrary<string> {
  if (schema.enum?.length) return fc.constantFrom(...schema.enum.map(String));
  switch (schema.format) {
    case "uuid":
      return fc.uuid();
    case "email":
      return fc.emailAddress();
    case "date":
      return dateString;
    case "date-time":
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  }
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern));
    } catch {
      // A pattern fast-check cannot generate from (a lookahead): any string below.
    }
  }
  const maxLength = Math.min(schema.maxLength ?? 40, 200);
  return fc.string({ minLength: Math.min(schema.minLength ?? 0, maxLength), maxLength });
}

const inRange = (schema: Schema) =>
  fc.integer({
    min: Math.max(schema.minimum ?? -5, -1_000_000),
    max: Math.max(Math.min(schema.maximum ?? 1_000, 1_000_000), schema.minimum ?? -5),
  });
const numberLike = (schema: Schema) =>
  fc.oneof(inRange(schema), fc.constantFrom(0, -1, 1.5, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308));

const typeOf = (schema: Schema): string | undefined => {
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== "null");
  if (schema.type) return schema.type;
  if (schema.properties) return "object";
  return undefined;
};

/**
 * A value for a parameter or a property: mostly the company's own or one that fits the schema (so
 * requests reach the code behind validation), sometimes another type or a nasty string. A `tidy`
 * value always fits: such requests get past validation and exercise what is behind it.
 */
export function valueFor(
  name: string,
  schema: Schema,
  known: Known,
  depth = 0,
  tidy = false,
): fc.Arbitrary<unknown> {
  const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => valueFor(name, v, known, depth, tidy)));
  const mine = Object.hasOwn(known, name) ? known[name]! : [];
  const own = mine.length ? [{ arbitrary: fc.constantFrom(...mine), weight: 8 }] : [];
  const wrong = tidy ? [] : [{ arbitrary: wrongValue(depth), weight: 1 }];
  switch (typeOf(schema)) {
    case "integer":
    case "number":
      return fc.oneof(
        ...own,
        { arbitrary: tidy ? inRange(schema) : numberLike(schema), weight: 5 },
        ...wrong,
      );
    case "boolean":
      return fc.oneof(...own, { arbitrary: fc.boolean(), weight: 5 }, ...wrong);
    case "array": {
      const items = fc.array(valueFor(name, schema.items ?? {}, known, depth + 1, tidy), { maxLength: 4 });
      return fc.oneof({ arbitrary: items, weight: 5 }, ...wrong);
    }
    case "object":
      return fc.oneof({ arbitrary: objectFor(schema, known, depth + 1, tidy), weight: 5 }, ...wrong);
    default:
      return fc.oneof(
        ...own,
        { arbitrary: fittingString(schema), weight: 6 },
        ...(tidy ? [] : [{ arbitrary: anyString, weight: 1 }]),
        ...wrong,
      );
  }
}

/** A value of any type, nested a little. */
function wrongValue(depth: number): fc.Arbitrary<unknown> {
  const leaf = fc.oneof(
    anyString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constantFrom([], {}),
  );
  return depth > 2 ? leaf : fc.oneof({ arbitrary: leaf, weight: 4 }, fc.jsonValue({ maxDepth: 3 }));
}

/**
 * An object for the schema: each required property mostly there (always, when `tidy`), optional
 * ones now and then, an extra key sometimes (never when `tidy`).
 */
export function objectFor(
  schema: Schema,
  known: Known,
  depth = 0,
  tidy = false,
): fc.Arbitrary<Record<string, unknown>> {
  const required = new Set(schema.required ?? []);
  const props = Object.entries(schema.properties ?? {}).map(([key, s]) =>
    fc
      .tuple(fc.double({ min: 0, max: 1, noNaN: true }), valueFor(key, s, known, depth, tidy))
      .map(([roll, value]) =>
        roll < (required.has(key) ? (tidy ? 1 : 0.92) : 0.45) ? ([key, value] as const) : null,
      ),
  );
  const extra = tidy
    ? fc.constant(null)
    : fc.option(fc.tuple(fc.oneof(anyString, fc.constant("__proto__")), wrongValue(depth)), { freq: 6 });
  return fc.tuple(fc.tuple(...props), extra).map(([entries, more]) => {
    const out: Record<string, unknown> = {};
    for (const entry of entries) if (entry) out[entry[0]] = entry[1];
    if (more) Object.defineProperty(out, more[0], { value: more[1], enumerable: true });
    return out;
  });
}
