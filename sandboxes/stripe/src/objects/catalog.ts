/**
 * New Products and Prices, and the Plan view of a price. Every field the SDK's typings declare, set to what Stripe answers for a test-mode account
 * without tax, Connect or discounts (field order follows Stripe's JSON).
 */
import type { Plan, Price, Product } from "../types.ts";

export function newProduct(id: string, created: number, name: string): Product {
  return {
    id,
    object: "product",
    active: true,
    created,
    default_price: null,
    description: null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: {},
    name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    tax_details: null,
    type: "service",
    unit_label: null,
    updated: created,
    url: null,
  };
}

export function newPrice(
  id: string,
  created: number,
  fields: {
    product: string;
    currency: string;
    unit_amount: number;
    recurring: { interval: "day" | "week" | "month" | "year"; interval_count: number } | null;
  },
): Price {
  return {
    id,
    object: "price",
    active: true,
    billing_scheme: "per_unit",
    created,
    currency: fields.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: null,
    product: fields.product,
    recurring: fields.recurring
      ? {
          interval: fields.recurring.interval,
          interval_count: fields.recurring.interval_count,
          meter: null,
          trial_period_days: null,
          usage_type: "licensed",
        }
      : null,
    tax_behavior: "unspecified",
    tiers_mode: null,
    transform_quantity: null,
    type: fields.recurring ? "recurring" : "one_time",
    unit_amount: fields.unit_amount,
    unit_amount_decimal: String(fields.unit_amount),
  };
}

/** The legacy Plan view of a recurring price, as subscription items still carry it. */
export function planOf(price: Price): Plan {
  return {
    id: price.id,
    object: "plan",
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: price.billing_scheme,
    created: price.created,
    currency: price.currency,
    interval: price.recurring?.interval ?? "month",
    interval_count: price.recurring?.interval_count ?? 1,
    livemode: false,
    metadata: price.metadata,
    meter: null,
    nickname: price.nickname,
    product: typeof price.product === "string" ? price.product : price.product.id,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: price.recurring?.trial_period_days ?? null,
    usage_type: "licensed",
  };
}
