/**
 * Answers as JSON: copies of the stored objects with `expand` applied, and pages of lists.
 * `expand` replaces an id with its object along a dotted path (`latest_invoice`,
 * `items.data.price.product`, `data.product` on lists); `customer.subscriptions` is includable.
 */
import { invalidRequest, noSuch } from "./errors.ts";
import type { Params } from "./params.ts";
import type { Row, State } from "./state.ts";
import type { ListObject } from "./types.ts";

const KINDS: Record<string, string> = {
  cus: "customer",
  prod: "product",
  price: "price",
  sub: "subscription",
  in: "invoice",
  pm: "payment_method",
  clock: "test_helpers.test_clock",
  bpc: "billing_portal.configuration",
  evt: "event",
};

/** The object an id names, or undefined. Deleted customers answer `{id, object, deleted: true}`. */
export function lookup(state: State, id: string): object | undefined {
  const prefix = id.slice(0, id.indexOf("_"));
  switch (KINDS[prefix]) {
    case "customer": {
      const row = state.customers.get(id);
      return row?.deleted ? { id, object: "customer", deleted: true } : row?.obj;
    }
    case "product":
      return state.products.get(id)?.obj;
    case "price":
      return state.prices.get(id)?.obj;
    case "subscription":
      return state.subscriptions.get(id)?.obj;
    case "invoice":
      return state.invoices.get(id)?.obj;
    case "payment_method":
      return state.paymentMethods.get(id)?.obj;
    case "test_helpers.test_clock":
      return state.clocks.get(id)?.obj;
    case "billing_portal.configuration":
      return state.configurations.get(id)?.obj;
    default:
      return undefined;
  }
}

function isHash(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function includable(state: State, obj: Record<string, unknown>, field: string): unknown {
  if (obj.object === "customer" && field === "subscriptions" && typeof obj.id === "string") {
    const data = [...state.subscriptions.values()]
      .filter((s) => s.obj.customer === obj.id && s.obj.status !== "canceled")
      .sort((a, b) => b.obj.created - a.obj.created || b.seq - a.seq)
      .map((s) => structuredClone(s.obj));
    return { object: "list", data, has_more: false, url: `/v1/customers/${obj.id}/subscriptions` };
  }
  return undefined;
}

function expandPath(state: State, value: unknown, path: string[], full: string): unknown {
  if (Array.isArray(value)) return value.map((v) => expandPath(state, v, path, full));
  if (!isHash(value) || !path.length) return value;
  const [field, ...rest] = path as [string, ...string[]];
  let next = field in value ? value[field] : includable(state, value, field);
  if (next === undefined) throw invalidRequest(`This property cannot be expanded (${field}).`, "expand");
  const expandOne = (v: unknown): unknown => {
    if (typeof v !== "string") return v;
    const found = lookup(state, v);
    if (!found) throw invalidRequest(`This property cannot be expanded (${field}).`, "expand");
    return structuredClone(found);
  };
  next = Array.isArray(next) ? next.map(expandOne) : expandOne(next);
  value[field] = expandPath(state, next, rest, full);
  return value;
}

export function render<T extends object>(state: State, obj: T, expand: string[] = []): T {
  let out: unknown = structuredClone(obj);
  for (const path of expand) {
    const segments = path.split(".");
    if (segments.length > 4 + (segments[0] === "data" ? 1 : 0)) {
      throw invalidRequest(`You cannot expand more than 4 levels of a property. Property: ${path}`, "expand");
    }
    out = expandPath(state, out, segments, path);
  }
  return out as T;
}

/** The parameters every list call takes: what `page` reads, and `expand`. */
export const PAGE_PARAMS = ["expand", "ending_before", "limit", "starting_after"] as const;

/**
 * A page of a list, newest first: `limit` (1 to 100, default 10), `starting_after` / `ending_before`
 * (an id from the same list), `has_more`.
 */
export function page<T extends { id: string; created: number }>(
  state: State,
  rows: Iterable<Row<T>>,
  p: Params,
  url: string,
  kind: string,
  filter: (obj: T) => boolean = () => true,
): ListObject<T> {
  const limit = p.int("limit", 1, 100) ?? 10;
  const sorted = [...rows].sort((a, b) => b.obj.created - a.obj.created || b.seq - a.seq);
  const after = p.str("starting_after") || undefined;
  const before = p.str("ending_before") || undefined;
  const cursor = after ?? before;
  let candidates: Row<T>[];
  let fromEnd = false;
  if (cursor) {
    const index = sorted.findIndex((r) => r.obj.id === cursor);
    if (index < 0) throw noSuch(kind, cursor, after ? "starting_after" : "ending_before");
    candidates = after ? sorted.slice(index + 1) : sorted.slice(0, index);
    fromEnd = !after;
  } else {
    candidates = sorted;
  }
  const matching = candidates.filter((r) => filter(r.obj));
  const chosen = fromEnd ? matching.slice(Math.max(0, matching.length - limit)) : matching.slice(0, limit);
  const data = chosen.map((r) => structuredClone(r.obj));
  return render(state, { object: "list", data, has_more: matching.length > limit, url }, p.expand());
}
