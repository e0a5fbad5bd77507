import { z } from "zod";
import { emailSchema } from "./auth.ts";

/** The statuses the app knows (the spec's); anything else reads as 'Status Unknown'. */
export const subscriptionStatuses = ["active", "trialing", "past_due", "canceled"] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/**
 * The company's plan (spec section 3): amounts in cents, instants in unix seconds. `trialing` with
 * a trial end in the past is a trial that ended without a card. Beyond the spec: the currency,
 * a cancellation date, and the month's usage (distinct invoices reminded, UTC calendar month).
 */
export const subscriptionDetailsSchema = z.object({
  status: z.string(),
  planName: z.string(),
  amount: z.number().int().nullable(),
  currency: z.string().nullable(),
  interval: z.string().nullable(),
  /** Renewal (the current period's end), or when a canceled subscription ended. */
  endDate: z.number().int().nullable(),
  trialEnd: z.number().int().nullable(),
  /** Invoices reminded a month; null: no limit (the trial). */
  usageLimit: z.number().int().nullable(),
  cancelAt: z.number().int().nullable(),
  invoicesUsed: z.number().int(),
  /** YYYY-MM: the month `invoicesUsed` counts. */
  usageMonth: z.string(),
});
export type SubscriptionDetails = z.infer<typeof subscriptionDetailsSchema>;

export const subscriptionDetailsQuerySchema = z.object({ email: emailSchema });

export const subscriptionDetailsResponseSchema = z.object({
  data: z.object({
    /** False on a server without payment-provider keys: no trial, no gate, no limits. */
    billingEnabled: z.boolean(),
    subscriptionDetails: subscriptionDetailsSchema.nullable(),
    /** A payment-provider portal session for the company; null when none could be made. */
    sessionURL: z.string().nullable(),
    /** Where 'Contact Support' writes to. */
    supportEmail: z.string(),
  }),
});
export type SubscriptionDetailsResponse = z.infer<typeof subscriptionDetailsResponseSchema>;

/** POST billing.renew: a new subscription on the last plan, after a canceled one. */
export const renewSubscriptionRequestSchema = z.object({ email: emailSchema });
export const renewSubscriptionResponseSchema = z.object({
  data: z.object({ status: z.string() }),
});

export const billingMessages = {
  loadFailed: "Failed to load subscription details",
  empty: "No subscription details found",
} as const;
