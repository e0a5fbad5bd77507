/**
 * New Invoices and their line items. Every field the SDK's typings declare, set to what Stripe answers for a test-mode account
 * without tax, Connect or discounts (field order follows Stripe's JSON).
 */
import type { Customer, Invoice, InvoiceLineItem, Subscription, SubscriptionItem } from "../types.ts";

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
