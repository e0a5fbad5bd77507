/** The product endpoints: `POST/GET /v1/products`, `GET/POST /v1/products/:id`. */
import { invalidRequest } from "../errors.ts";
import { mergeMetadata, rangeFilter } from "../params.ts";
import { PAGE_PARAMS, page, render } from "../render.ts";
import { cause, createPrice, createProduct, priceRow, productRow } from "./catalog.ts";
import { type ApiRoute, route } from "./route.ts";

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
const PRODUCT_LIST = ["active", "created", "ids", "shippable", "type", "url", ...PAGE_PARAMS];
export const productRoutes: ApiRoute[] = [
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
];
