import { invalidRequest, noSuch } from "../errors.ts";
import { newId } from "../ids.ts";
import { newPrice, newProduct, planOf } from "../objects/catalog.ts";
import { mergeMetadata, type Params, rangeFilter } from "../params.ts";
import { page, render } from "../render.ts";
import type { Row } from "../state.ts";
import type { Price, Product } from "../types.ts";
import { type ApiContext, type ApiRoute, route } from "./route.ts";

const PRODUCT_CREATE = [
  "name",
  "active",
  "default_price_data",
  "description",
  "expand",
  "id",
  "images",
  "marketing_features",
  "metadata",
  "package_dimensions",
  "shippable",
  "statement_descriptor",
  "tax_code",
  "tax_details",
  "type",
  "unit_label",
  "url",
];
const PRODUCT_UPDATE = [
  "active",
  "default_price",
  "description",
  "expand",
  "images",
  "marketing_features",
  "metadata",
  "name",
  "package_dimensions",
  "shippable",
  "statement_descriptor",
  "tax_code",
  "tax_details",
  "unit_label",
  "url",
];
const PRODUCT_LIST = [
  "active",
  "created",
  "expand",
  "ids",
  "shippable",
  "type",
  "url",
  "ending_before",
  "limit",
  "starting_after",
];
const PRICE_CREATE = [
  "currency",
  "active",
  "billing_scheme",
  "currency_options",
  "custom_unit_amount",
  "expand",
  "lookup_key",
  "metadata",
  "nickname",
  "product",
  "product_data",
  "recurring",
  "tax_behavior",
  "tiers",
  "tiers_mode",
  "transfer_lookup_key",
  "transform_quantity",
  "unit_amount",
  "unit_amount_decimal",
];
const PRICE_UPDATE = [
  "active",
  "currency_options",
  "expand",
  "lookup_key",
  "metadata",
  "nickname",
  "tax_behavior",
  "transfer_lookup_key",
];
const PRICE_LIST = [
  "active",
  "created",
  "currency",
  "expand",
  "lookup_keys",
  "product",
  "recurring",
  "type",
  "ending_before",
  "limit",
  "starting_after",
];

function cause(ctx: ApiContext) {
  return { at: ctx.sandbox.nowSec(), request: { id: ctx.requestId, idempotency_key: ctx.idempotencyKey } };
}

export function priceRow(ctx: ApiContext, id: string, param?: string): Row<Price> {
  const row = ctx.sandbox.state.prices.get(id);
  if (!row) throw noSuch("price", id, param);
  return row;
}

function productRow(ctx: ApiContext, id: string, param?: string): Row<Product> {
  const row = ctx.sandbox.state.products.get(id);
  if (!row) throw noSuch("product", id, param);
  return row;
}

/** Takes a lookup key from the price holding it (transfer_lookup_key) or refuses. */
function claimLookupKey(ctx: ApiContext, key: string, transfer: boolean, self?: string): void {
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

function createPrice(ctx: ApiContext, p: Params, product: string): Price {
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

function createProduct(ctx: ApiContext, p: Params, name: string): Product {
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

/** Keeps the copies of a price embedded in subscription items current. */
function refreshEmbedded(ctx: ApiContext, price: Price): void {
  for (const sub of ctx.sandbox.state.subscriptions.values()) {
    for (const item of sub.obj.items.data) {
      if (item.price.id !== price.id) continue;
      item.price = structuredClone(price);
      item.plan = planOf(price);
    }
  }
}

export const catalogRoutes: ApiRoute[] = [
  route("POST", "/v1/products", (ctx) => {
    const p = ctx.p.allow(PRODUCT_CREATE);
    const product = createProduct(ctx, p, p.requiredStr("name"));
    const priceData = p.obj("default_price_data");
    if (priceData) {
      const price = createPrice(ctx, priceData, product.id);
      const before = structuredClone(product);
      product.default_price = price.id;
      ctx.sandbox.events.changed("product.updated", before, product, cause(ctx));
    }
    return render(ctx.sandbox.state, product, p.expand());
  }),
  route("GET", "/v1/products/:id", (ctx) => {
    const p = ctx.p.allow(["expand"]);
    return render(ctx.sandbox.state, productRow(ctx, ctx.path.id!).obj, p.expand());
  }),
  route("POST", "/v1/products/:id", (ctx) => {
    const p = ctx.p.allow(PRODUCT_UPDATE);
    const row = productRow(ctx, ctx.path.id!);
    const before = structuredClone(row.obj);
    const product = row.obj;
    const name = p.str("name");
    if (name) product.name = name;
    if (p.has("description")) product.description = p.str("description") || null;
    const active = p.bool("active");
    if (active !== undefined) product.active = active;
    const defaultPrice = p.str("default_price");
    if (defaultPrice) {
      if (priceRow(ctx, defaultPrice, "default_price").obj.product !== product.id) {
        throw invalidRequest("The default price must belong to this product.", "default_price");
      }
      product.default_price = defaultPrice;
    }
    product.metadata = mergeMetadata(product.metadata, p.metadata());
    if (JSON.stringify(before) !== JSON.stringify(product)) product.updated = ctx.sandbox.nowSec();
    ctx.sandbox.events.changed("product.updated", before, product, cause(ctx));
    return render(ctx.sandbox.state, product, p.expand());
  }),
  route("GET", "/v1/products", (ctx) => {
    const p = ctx.p.allow(PRODUCT_LIST);
    const active = p.bool("active");
    const ids = p.strings("ids");
    const type = p.str("type");
    const created = rangeFilter(p, "created");
    return page(
      ctx.sandbox.state,
      ctx.sandbox.state.products.values(),
      p,
      "/v1/products",
      "product",
      (prod) =>
        (active === undefined || prod.active === active) &&
        (!ids || ids.includes(prod.id)) &&
        (!type || prod.type === type) &&
        (!created || created(prod.created)),
    );
  }),
  route("POST", "/v1/prices", (ctx) => {
    const p = ctx.p.allow(PRICE_CREATE);
    let product = p.str("product");
    if (product) productRow(ctx, product, "product");
    const productData = p.obj("product_data");
    if (!product && productData)
      product = createProduct(ctx, productData, productData.requiredStr("name")).id;
    if (!product) throw invalidRequest("Missing required param: product.", "product", "parameter_missing");
    return render(ctx.sandbox.state, createPrice(ctx, p, product), p.expand());
  }),
  route("GET", "/v1/prices/:id", (ctx) => {
    const p = ctx.p.allow(["expand"]);
    return render(ctx.sandbox.state, priceRow(ctx, ctx.path.id!).obj, p.expand());
  }),
  route("POST", "/v1/prices/:id", (ctx) => {
    const p = ctx.p.allow(PRICE_UPDATE);
    const row = priceRow(ctx, ctx.path.id!);
    const before = structuredClone(row.obj);
    const price = row.obj;
    const active = p.bool("active");
    if (active !== undefined) price.active = active;
    if (p.has("nickname")) price.nickname = p.str("nickname") || null;
    if (p.has("lookup_key")) {
      const key = p.str("lookup_key") || null;
      if (key) claimLookupKey(ctx, key, p.bool("transfer_lookup_key") ?? false, price.id);
      price.lookup_key = key;
    }
    price.metadata = mergeMetadata(price.metadata, p.metadata());
    refreshEmbedded(ctx, price);
    ctx.sandbox.events.changed("price.updated", before, price, cause(ctx));
    return render(ctx.sandbox.state, price, p.expand());
  }),
  route("GET", "/v1/prices", (ctx) => {
    const p = ctx.p.allow(PRICE_LIST);
    const active = p.bool("active");
    const currency = p.str("currency")?.toLowerCase();
    const keys = p.strings("lookup_keys");
    if (keys && keys.length > 10)
      throw invalidRequest("You can specify up to 10 lookup_keys.", "lookup_keys");
    const product = p.str("product");
    const type = p.oneOf("type", ["one_time", "recurring"] as const);
    const interval = p.obj("recurring")?.str("interval");
    const created = rangeFilter(p, "created");
    return page(
      ctx.sandbox.state,
      ctx.sandbox.state.prices.values(),
      p,
      "/v1/prices",
      "price",
      (price) =>
        (active === undefined || price.active === active) &&
        (!currency || price.currency === currency) &&
        (!keys || (price.lookup_key !== null && keys.includes(price.lookup_key))) &&
        (!product || price.product === product) &&
        (!type || price.type === type) &&
        (!interval || price.recurring?.interval === interval) &&
        (!created || created(price.created)),
    );
  }),
];
