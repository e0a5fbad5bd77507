/**
 * A new card PaymentMethod from a test card. Every field the SDK's typings declare, set to what Stripe answers for a test-mode account
 * without tax, Connect or discounts (field order follows Stripe's JSON).
 */
import type { TestCard } from "../cards.ts";
import type { PaymentMethod } from "../types.ts";

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
