/** The price endpoints: `POST/GET /v1/prices`, `GET/POST /v1/prices/:id`. */
import { invalidRequest } from "../errors.ts";
import { planOf } from "../objects/catalog.ts";
import { mergeMetadata, rangeFilter } from "../params.ts";
import { PAGE_PARAMS, page, render } from "../render.ts";
import type { Price } from "../types.ts";
import { cause, claimLookupKey, createPrice, createProduct, priceRow, productRow } from "./catalog.ts";
import { type ApiContext, type ApiRoute, route } from "./route.ts";

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
  "lookup_keys",
  "product",
  "recurring",
  "type",
  ...PAGE_PARAMS,
];

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

export const priceRoutes: ApiRoute[] = [
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
