/**
 * The plan catalog's objects as the product and price endpoints share them: lookups, creating a
 * product or a price (a product's default_price_data, a price's product_data), lookup keys.
 */
import { invalidRequest, noSuch } from "../errors.ts";
import { newId } from "../ids.ts";
import { newPrice, newProduct } from "../objects/catalog.ts";
import { mergeMetadata, type Params } from "../params.ts";
import type { Row } from "../state.ts";
import type { Price, Product } from "../types.ts";
import type { ApiContext } from "./route.ts";

export function cause(ctx: ApiContext) {
  return { at: ctx.sandbox.nowSec(), request: { id: ctx.requestId, idempotency_key: ctx.idempotencyKey } };
}

export function priceRow(ctx: ApiContext, id: string, param?: string): Row<Price> {
  const row = ctx.sandbox.state.prices.get(id);
  if (!row) throw noSuch("price", id, param);
  return row;
}

export function productRow(ctx: ApiContext, id: string, param?: string): Row<Product> {
  const row = ctx.sandbox.state.products.get(id);
  if (!row) throw noSuch("product", id, param);
  return row;
}

/** Takes a lookup key from the price holding it (transfer_lookup_key) or refuses. */
export function claimLookupKey(ctx: ApiContext, key: string, transfer: boolean, self?: string): void {
  for (const row of ctx.sandbox.state.prices.values()) {
    if (row.obj.lookup_key !== key || row.obj.id === self) continue;
    if (!transfer) {
      throw invalidRequest(
        `A price (\`${row.obj.id}\`) already uses that lookup key.`,
        "lookup_key",
        "lookup_key_already_exists",
      );
    }
    const before = structuredClone(row.obj);
    row.obj.lookup_key = null;
    ctx.sandbox.events.changed("price.updated", before, row.obj, cause(ctx));
  }
}

export function createPrice(ctx: ApiContext, p: Params, product: string): Price {
  const currency = p.requiredStr("currency").toLowerCase();
  const amount =
    p.int("unit_amount", 0) ??
    (p.str("unit_amount_decimal") ? Math.round(Number(p.str("unit_amount_decimal"))) : undefined);
  if (amount === undefined || Number.isNaN(amount))
    throw invalidRequest("Missing required param: unit_amount.", p.name("unit_amount"), "parameter_missing");
  const recurring = p.obj("recurring");
  const interval = recurring?.oneOf("interval", ["day", "week", "month", "year"] as const);
  if (recurring && !interval)
    throw invalidRequest(
      "Missing required param: recurring[interval].",
      "recurring[interval]",
      "parameter_missing",
    );
  const price = newPrice(newId("price"), ctx.sandbox.nowSec(), {
    product,
    currency,
    unit_amount: amount,
    recurring: interval ? { interval, interval_count: recurring?.int("interval_count", 1) ?? 1 } : null,
  });
  if (price.recurring && recurring?.int("trial_period_days") !== undefined) {
    price.recurring.trial_period_days = recurring.int("trial_period_days")!;
  }
  const lookupKey = p.str("lookup_key");
  if (lookupKey) {
    claimLookupKey(ctx, lookupKey, p.bool("transfer_lookup_key") ?? false);
    price.lookup_key = lookupKey;
  }
  price.nickname = p.str("nickname") || null;
  price.active = p.bool("active") ?? true;
  price.metadata = mergeMetadata({}, p.metadata());
  const tax = p.oneOf("tax_behavior", ["exclusive", "inclusive", "unspecified"] as const);
  if (tax) price.tax_behavior = tax;
  ctx.sandbox.state.prices.set(price.id, { obj: price, seq: ctx.sandbox.state.next() });
  ctx.sandbox.events.emit("price.created", price, cause(ctx));
  return price;
}

export function createProduct(ctx: ApiContext, p: Params, name: string): Product {
  const { state } = ctx.sandbox;
  const id = ctx.p.str("id") || newId("prod");
  if (state.products.has(id)) {
    throw invalidRequest(`Product already exists.`, "id", "resource_already_exists");
  }
  const product = newProduct(id, ctx.sandbox.nowSec(), name);
  product.description = p.str("description") || null;
  product.active = p.bool("active") ?? true;
  product.metadata = mergeMetadata({}, p.metadata());
  product.url = p.str("url") || null;
  product.unit_label = p.str("unit_label") || null;
  state.products.set(id, { obj: product, seq: state.next() });
  ctx.sandbox.events.emit("product.created", product, cause(ctx));
  return product;
}
