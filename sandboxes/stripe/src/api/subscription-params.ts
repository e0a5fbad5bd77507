/** What the subscription endpoints accept, and the lookups and checks they share. */
import type { EndBehavior } from "../billing.ts";
import { invalidRequest, noSuch } from "../errors.ts";
import type { Params } from "../params.ts";
import { PAGE_PARAMS } from "../render.ts";
import type { SubscriptionRow } from "../state.ts";
import type { Price, Subscription } from "../types.ts";
import { priceRow } from "./catalog.ts";
import { type ApiContext, customerRow } from "./route.ts";

/** The parameters both create and update take (as the SDK's typings list them). */
const COMMON = [
  "add_invoice_items",
  "application_fee_percent",
  "automatic_tax",
  "billing_cycle_anchor",
  "billing_schedules",
  "billing_thresholds",
  "cancel_at",
  "cancel_at_period_end",
  "collection_method",
  "days_until_due",
  "default_payment_method",
  "default_source",
  "default_tax_rates",
  "description",
  "discounts",
  "expand",
  "invoice_settings",
  "items",
  "metadata",
  "off_session",
  "on_behalf_of",
  "payment_behavior",
  "payment_settings",
  "pending_invoice_item_interval",
  "proration_behavior",
  "transfer_data",
  "trial_end",
  "trial_from_plan",
  "trial_settings",
];
export const CREATE = [
  ...COMMON,
  "backdate_start_date",
  "billing_cycle_anchor_config",
  "billing_mode",
  "currency",
  "customer",
  "customer_account",
  "trial_period_days",
];
export const UPDATE = [...COMMON, "cancellation_details", "pause_collection", "proration_date"];
export const LIST = [
  "automatic_tax",
  "collection_method",
  "created",
  "current_period_end",
  "current_period_start",
  "customer",
  "customer_account",
  "plan",
  "price",
  "status",
  "test_clock",
  ...PAGE_PARAMS,
];
export const ITEM = [
  "price",
  "price_data",
  "plan",
  "quantity",
  "metadata",
  "discounts",
  "tax_rates",
  "billing_thresholds",
  "current_trial",
  "id",
  "deleted",
  "clear_usage",
];
export const STATUSES = [
  "active",
  "all",
  "canceled",
  "ended",
  "incomplete",
  "incomplete_expired",
  "past_due",
  "paused",
  "trialing",
  "unpaid",
] as const;
const END_BEHAVIORS = ["cancel", "pause", "create_invoice"] as const;
export const PAYMENT_BEHAVIORS = [
  "allow_incomplete",
  "default_incomplete",
  "error_if_incomplete",
  "pending_if_incomplete",
] as const;

export function subscriptionRow(ctx: ApiContext, id: string): SubscriptionRow {
  const row = ctx.sandbox.state.subscriptions.get(id);
  if (!row) throw noSuch("subscription", id);
  return row;
}

export function recurringPrice(ctx: ApiContext, item: Params): Price | undefined {
  if (item.has("price_data")) {
    throw invalidRequest(
      "The sandbox does not support price_data; create a Price and pass its id.",
      item.name("price_data"),
    );
  }
  const id = item.str("price") || item.str("plan");
  if (!id) return undefined;
  const price = priceRow(ctx, id, item.name("price")).obj;
  if (price.type !== "recurring") {
    throw invalidRequest(
      "The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.",
      item.name("price"),
    );
  }
  if (!price.active) {
    throw invalidRequest(
      "The price specified is inactive. This field only accepts active prices.",
      item.name("price"),
    );
  }
  return price;
}

export function endBehavior(p: Params): EndBehavior | undefined {
  return p.obj("trial_settings")?.obj("end_behavior")?.oneOf("missing_payment_method", END_BEHAVIORS);
}

export function customerOf(ctx: ApiContext, sub: Subscription) {
  return customerRow(ctx, typeof sub.customer === "string" ? sub.customer : sub.customer.id);
}
