/**
 * Request parameters: the SDK form-encodes them with bracketed, indexed keys
 * (`items[0][price]=price_1&expand[0]=latest_invoice&metadata[a]=`), in the body of POSTs and in
 * the query string of GETs and DELETEs. `qs` parses them into nested objects; `Params` reads them
 * with Stripe's validation messages. An empty string means "unset".
 */
import qs from "qs";
import { invalidParam, missingParam, unknownParam } from "./errors.ts";

export type Raw = { [key: string]: unknown };

export function parseForm(text: string): Raw {
  return qs.parse(text, {
    depth: 10,
    arrayLimit: 100,
    parameterLimit: 10_000,
    allowDots: false,
    ignoreQueryPrefix: true,
  }) as Raw;
}

function isRaw(value: unknown): value is Raw {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export class Params {
  constructor(
    readonly raw: Raw,
    readonly prefix = "",
  ) {}

  name(key: string): string {
    return this.prefix ? `${this.prefix}[${key}]` : key;
  }

  has(key: string): boolean {
    return this.raw[key] !== undefined;
  }

  /** Rejects a top-level key the SDK's typings do not list for the endpoint (Stripe does too). */
  allow(keys: readonly string[]): this {
    for (const key of Object.keys(this.raw)) {
      if (!keys.includes(key)) throw unknownParam(this.name(key));
    }
    return this;
  }

  str(key: string): string | undefined {
    const value = this.raw[key];
    if (value === undefined) return undefined;
    if (typeof value !== "string") {
      throw invalidParam(this.name(key), `Invalid string: ${JSON.stringify(value).slice(0, 100)}`);
    }
    return value;
  }

  requiredStr(key: string): string {
    const value = this.str(key);
    if (!value) throw missingParam(this.name(key));
    return value;
  }

  int(key: string, min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): number | undefined {
    const value = this.str(key);
    if (value === undefined || value === "") return undefined;
    if (!/^-?\d+$/.test(value)) {
      throw invalidParam(this.name(key), `Invalid integer: ${value}`, "parameter_invalid_integer");
    }
    const n = Number(value);
    if (n < min || n > max) {
      throw invalidParam(
        this.name(key),
        `Invalid ${this.name(key)}: must be ${n < min ? `at least ${min}` : `at most ${max}`}`,
        "parameter_invalid_integer",
      );
    }
    return n;
  }

  bool(key: string): boolean | undefined {
    const value = this.str(key);
    if (value === undefined || value === "") return undefined;
    if (value === "true") return true;
    if (value === "false") return false;
    throw invalidParam(this.name(key), `Invalid boolean: ${value}`, "parameter_invalid_boolean");
  }

  /** A unix timestamp, or `"now"` where `allowNow`. */
  time(key: string, allowNow = false): number | "now" | undefined {
    const value = this.str(key);
    if (value === undefined || value === "") return undefined;
    if (allowNow && value === "now") return "now";
    if (!/^\d+$/.test(value)) {
      throw invalidParam(
        this.name(key),
        `Invalid timestamp: must be an integer Unix timestamp${allowNow ? ' or "now"' : ""}.`,
        "parameter_invalid_integer",
      );
    }
    return Number(value);
  }

  oneOf<T extends string>(key: string, values: readonly T[]): T | undefined {
    const value = this.str(key);
    if (value === undefined || value === "") return undefined;
    if (!(values as readonly string[]).includes(value)) {
      throw invalidParam(
        this.name(key),
        `Invalid ${this.name(key)}: must be one of ${values.join(", ")}`,
        "parameter_invalid_string",
      );
    }
    return value as T;
  }

  obj(key: string): Params | undefined {
    const value = this.raw[key];
    if (value === undefined || value === "") return undefined;
    if (!isRaw(value)) throw invalidParam(this.name(key), `Invalid object`, "parameter_invalid_object");
    return new Params(value, this.name(key));
  }

  /** An array of hashes (`items[0][price]=...`). */
  list(key: string): Params[] | undefined {
    const value = this.raw[key];
    if (value === undefined || value === "") return undefined;
    const entries = Array.isArray(value) ? value : isRaw(value) ? Object.values(value) : undefined;
    if (!entries) throw invalidParam(this.name(key), `Invalid array`, "parameter_invalid_array");
    return entries.map((entry, i) => {
      if (!isRaw(entry)) throw invalidParam(`${this.name(key)}[${i}]`, "Invalid object");
      return new Params(entry, `${this.name(key)}[${i}]`);
    });
  }

  /** An array of strings (`expand[0]=a&expand[1]=b`, or `expand[]=a`). */
  strings(key: string): string[] | undefined {
    const value = this.raw[key];
    if (value === undefined || value === "") return undefined;
    const entries = Array.isArray(value)
      ? value
      : isRaw(value)
        ? Object.values(value)
        : typeof value === "string"
          ? [value]
          : undefined;
    if (!entries || entries.some((e) => typeof e !== "string")) {
      throw invalidParam(this.name(key), `Invalid array`, "parameter_invalid_array");
    }
    return entries as string[];
  }

  expand(): string[] {
    return this.strings("expand") ?? [];
  }

  /**
   * `metadata[key]=value` pairs to merge: `""` as a value removes that key, `metadata=""` removes
   * all keys (returned as null).
   */
  metadata(key = "metadata"): Record<string, string> | null | undefined {
    const value = this.raw[key];
    if (value === undefined) return undefined;
    if (value === "") return null;
    if (!isRaw(value)) throw invalidParam(this.name(key), "Invalid hash", "parameter_invalid_object");
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(value)) {
      if (typeof v !== "string") throw invalidParam(`${this.name(key)}[${k}]`, "Invalid string");
      if (k.length > 40) {
        throw invalidParam(
          `${this.name(key)}[${k}]`,
          "Metadata keys can have a maximum length of 40 characters.",
        );
      }
      if (v.length > 500) {
        throw invalidParam(
          `${this.name(key)}[${k}]`,
          "Metadata values can have a maximum length of 500 characters.",
        );
      }
      out[k] = v;
    }
    return out;
  }
}

/** Applies `metadata` as read by `Params.metadata` to an object's metadata. */
export function mergeMetadata(
  current: Record<string, string>,
  update: Record<string, string> | null | undefined,
): Record<string, string> {
  if (update === undefined) return current;
  if (update === null) return {};
  const next = { ...current };
  for (const [k, v] of Object.entries(update)) {
    if (v === "") delete next[k];
    else next[k] = v;
  }
  return next;
}

/** A `created`-style filter: a timestamp, or `{gt,gte,lt,lte}`. */
export function rangeFilter(p: Params, key: string): ((value: number) => boolean) | undefined {
  if (!p.has(key)) return undefined;
  const exact = p.raw[key];
  if (typeof exact === "string") {
    const n = p.int(key);
    return n === undefined ? undefined : (v) => v === n;
  }
  const range = p.obj(key);
  if (!range) return undefined;
  range.allow(["gt", "gte", "lt", "lte"]);
  const gt = range.int("gt");
  const gte = range.int("gte");
  const lt = range.int("lt");
  const lte = range.int("lte");
  return (v) =>
    (gt === undefined || v > gt) &&
    (gte === undefined || v >= gte) &&
    (lt === undefined || v < lt) &&
    (lte === undefined || v <= lte);
}
