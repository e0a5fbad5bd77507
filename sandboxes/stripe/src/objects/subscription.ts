/**
 * New Subscriptions and their items. Every field the SDK's typings declare, set to what Stripe answers for a test-mode account
 * without tax, Connect or discounts (field order follows Stripe's JSON).
 */
import type { Price, Subscription, SubscriptionItem } from "../types.ts";
import { planOf } from "./catalog.ts";

export function newSubscriptionItem(
  id: string,
  created: number,
  fields: { price: Price; quantity: number; subscription: string; start: number; end: number },
): SubscriptionItem {
  return {
    id,
    object: "subscription_item",
    billing_thresholds: null,
    created,
    current_period_end: fields.end,
    current_period_start: fields.start,
    current_trial: null,
    discounts: [],
    metadata: {},
    plan: planOf(fields.price),
    price: fields.price,
    quantity: fields.quantity,
    subscription: fields.subscription,
    tax_rates: [],
  };
}

export function newSubscription(
  id: string,
  created: number,
  fields: { customer: string; currency: string; test_clock: string | null },
): Subscription {
  return {
    id,
    object: "subscription",
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: created,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: { proration_discounts: "included" }, type: "flexible", updated_at: created },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: "charge_automatically",
    created,
    currency: fields.currency,
    customer: fields.customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    ended_at: null,
    invoice_settings: {
      account_tax_ids: null,
      custom_fields: null,
      description: null,
      footer: null,
      issuer: { type: "self" },
    },
    items: { object: "list", data: [], has_more: false, url: `/v1/subscription_items?subscription=${id}` },
    latest_invoice: null,
    livemode: false,
    managed_payments: null,
    metadata: {},
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: "off",
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: created,
    status: "incomplete",
    test_clock: fields.test_clock,
    transfer_data: null,
    trial_end: null,
    trial_settings: {
      end_behavior: { billing_cycle_anchor: null, missing_payment_method: "create_invoice" },
    },
    trial_start: null,
  };
}
