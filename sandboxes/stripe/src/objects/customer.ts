/**
 * A new Customer. Every field the SDK's typings declare, set to what Stripe answers for a test-mode account
 * without tax, Connect or discounts (field order follows Stripe's JSON).
 */
import { randomToken } from "../ids.ts";
import type { Customer } from "../types.ts";

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
