/**
 * New objects with every field the SDK's typings declare, set to what Stripe answers for a test-mode
 * account without tax, Connect or discounts (field order follows Stripe's JSON).
 */
import type { TestCard } from "./cards.ts";
import { randomToken } from "./ids.ts";
import type {
  Customer,
  Invoice,
  InvoiceLineItem,
  PaymentMethod,
  Plan,
  PortalConfiguration,
  PortalSession,
  Price,
  Product,
  Subscription,
  SubscriptionItem,
  TestClock,
} from "./types.ts";

export function newCustomer(id: string, created: number): Customer {
  return {
    id,
    object: "customer",
    address: null,
    balance: 0,
    created,
    currency: null,
    customer_account: null,
    default_source: null,
    delinquent: false,
    description: null,
    discount: null,
    email: null,
    invoice_prefix: randomToken(8).toUpperCase(),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: {},
    name: null,
    next_invoice_sequence: 1,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: "none",
    test_clock: null,
  };
}

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

export function newInvoice(
  id: string,
  created: number,
  fields: {
    customer: Customer;
    subscription: Subscription;
    billing_reason: NonNullable<Invoice["billing_reason"]>;
    period_start: number;
    period_end: number;
    lines: InvoiceLineItem[];
  },
): Invoice {
  const total = fields.lines.reduce((sum, line) => sum + line.amount, 0);
  return {
    id,
    object: "invoice",
    account_country: "US",
    account_name: "Recoup (sandbox)",
    account_tax_ids: null,
    amount_due: total,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: total,
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: true,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: fields.billing_reason,
    collection_method: fields.subscription.collection_method,
    created,
    currency: fields.subscription.currency,
    custom_fields: null,
    customer: fields.customer.id,
    customer_account: null,
    customer_address: null,
    customer_email: fields.customer.email,
    customer_name: fields.customer.name ?? null,
    customer_phone: fields.customer.phone ?? null,
    customer_shipping: null,
    customer_tax_exempt: "none",
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: null,
    ending_balance: null,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    issuer: { type: "self" },
    last_finalization_error: null,
    latest_revision: null,
    lines: { object: "list", data: fields.lines, has_more: false, url: `/v1/invoices/${id}/lines` },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: null,
    on_behalf_of: null,
    parent: {
      quote_details: null,
      subscription_details: {
        metadata: { ...fields.subscription.metadata },
        subscription: fields.subscription.id,
      },
      type: "subscription_details",
    },
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: fields.period_end,
    period_start: fields.period_start,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: "draft",
    status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal: total,
    subtotal_excluding_tax: total,
    test_clock: fields.subscription.test_clock,
    total,
    total_discount_amounts: [],
    total_excluding_tax: total,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: created,
  };
}

export function newLineItem(
  id: string,
  fields: {
    invoice: string;
    item: SubscriptionItem;
    subscription: Subscription;
    start: number;
    end: number;
    /** false for the $0 first invoice of a trial */
    charge: boolean;
    productName: string;
  },
): InvoiceLineItem {
  const price = fields.item.price;
  const quantity = fields.item.quantity ?? 1;
  const amount = fields.charge ? (price.unit_amount ?? 0) * quantity : 0;
  const every = price.recurring
    ? price.recurring.interval_count === 1
      ? price.recurring.interval
      : `${price.recurring.interval_count} ${price.recurring.interval}s`
    : "";
  const description = fields.charge
    ? `${quantity} × ${fields.productName} (at $${((price.unit_amount ?? 0) / 100).toFixed(2)} / ${every})`
    : `Trial period for ${fields.productName}`;
  return {
    id,
    object: "line_item",
    amount,
    currency: price.currency,
    description,
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice: fields.invoice,
    livemode: false,
    metadata: { ...fields.subscription.metadata },
    parent: {
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration: false,
        proration_details: { credited_items: null },
        subscription: fields.subscription.id,
        subscription_item: fields.item.id,
      },
      type: "subscription_item_details",
    },
    period: { end: fields.end, start: fields.start },
    pretax_credit_amounts: [],
    pricing: {
      price_details: {
        price: price.id,
        product: typeof price.product === "string" ? price.product : price.product.id,
      },
      type: "price_details",
      unit_amount_decimal: fields.charge ? price.unit_amount_decimal : "0",
    },
    quantity,
    quantity_decimal: String(quantity),
    subscription: fields.subscription.id,
    subtotal: amount,
    taxes: [],
  };
}

export function newPaymentMethod(
  id: string,
  created: number,
  card: TestCard,
  fields: { exp_month: number; exp_year: number; name?: string | null; postal_code?: string | null },
): PaymentMethod {
  return {
    id,
    object: "payment_method",
    allow_redisplay: "unspecified",
    billing_details: {
      address: fields.postal_code
        ? {
            city: null,
            country: null,
            line1: null,
            line2: null,
            postal_code: fields.postal_code,
            state: null,
          }
        : null,
      email: null,
      name: fields.name ?? null,
      phone: null,
      tax_id: null,
    },
    card: {
      brand: card.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: "pass" },
      country: "US",
      display_brand: card.brand === "amex" ? "american_express" : card.brand,
      exp_month: fields.exp_month,
      exp_year: fields.exp_year,
      fingerprint: `fp${card.number.slice(-8)}`,
      funding: "credit",
      generated_from: null,
      last4: card.number.slice(-4),
      networks: { available: [card.brand], preferred: null },
      regulated_status: "unregulated",
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created,
    customer: null,
    customer_account: null,
    livemode: false,
    metadata: {},
    type: "card",
  };
}

export function newTestClock(
  id: string,
  created: number,
  frozenTime: number,
  name: string | null,
): TestClock {
  return {
    id,
    object: "test_helpers.test_clock",
    created,
    deletes_after: created + 30 * 86_400,
    frozen_time: frozenTime,
    livemode: false,
    name,
    status: "ready",
    status_details: {},
  };
}

export function newPortalSession(
  id: string,
  created: number,
  fields: {
    configuration: string;
    customer: string;
    return_url: string | null;
    url: string;
    locale: PortalSession["locale"];
    flow: PortalSession["flow"];
  },
): PortalSession {
  return {
    id,
    object: "billing_portal.session",
    configuration: fields.configuration,
    created,
    customer: fields.customer,
    customer_account: null,
    flow: fields.flow,
    livemode: false,
    locale: fields.locale,
    on_behalf_of: null,
    return_url: fields.return_url,
    url: fields.url,
  };
}

export function newPortalConfiguration(
  id: string,
  created: number,
  products: { product: string; prices: string[] }[],
): PortalConfiguration {
  return {
    id,
    object: "billing_portal.configuration",
    active: true,
    application: null,
    business_profile: { headline: null, privacy_policy_url: null, terms_of_service_url: null },
    created,
    default_return_url: null,
    features: {
      customer_update: { allowed_updates: ["email", "address"], enabled: true },
      invoice_history: { enabled: true },
      payment_method_update: { enabled: true, payment_method_configuration: null },
      subscription_cancel: {
        cancellation_reason: { enabled: false, feedback_options: null, options: [] },
        enabled: true,
        mode: "at_period_end",
        proration_behavior: "none",
      },
      subscription_pause: { duration: { interval_options: [], type: "indefinite" }, enabled: false },
      subscription_update: {
        billing_cycle_anchor: null,
        default_allowed_updates: ["price"],
        enabled: true,
        products: products.map((p) => ({
          adjustable_quantity: { enabled: false, maximum: null, minimum: 1 },
          prices: p.prices,
          product: p.product,
        })),
        proration_behavior: "none",
        schedule_at_period_end: { conditions: [] },
        trial_update_behavior: "continue_trial",
      },
    },
    is_default: true,
    livemode: false,
    login_page: { enabled: false, url: null },
    metadata: {},
    name: null,
    updated: created,
  };
}
