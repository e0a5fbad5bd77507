/**
 * New billing-portal sessions and configurations. Every field the SDK's typings declare, set to what Stripe answers for a test-mode account
 * without tax, Connect or discounts (field order follows Stripe's JSON).
 */
import type { PortalConfiguration, PortalSession } from "../types.ts";

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
