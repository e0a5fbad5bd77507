/** What the payment provider answers, as the app sees it: typed records, never a Stripe object. */
import type Stripe from "stripe";

/** A subscription as the app needs it; instants are the provider's unix seconds. */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  status: Stripe.Subscription.Status;
  trialEnd: number | null;
  /** The current period's end: the renewal date (the trial's end while trialing). */
  periodEnd: number | null;
  cancelAt: number | null;
  endedAt: number | null;
  priceId: string | null;
  planName: string;
  amountCents: number | null;
  currency: string | null;
  interval: string | null;
  /** The plan's `invoice_limit` metadata (product, else price); null: no limit. */
  usageLimit: number | null;
}

export interface ProviderCustomer {
  id: string;
  deleted: boolean;
  testClock: string | null;
  /** The default card (or source) new invoices are charged to. */
  paymentMethod: string | null;
}

/** An event, parsed after its signature was checked: what it is and whom it concerns. */
export interface ProviderEvent {
  id: string;
  type: string;
  created: number;
  customerId: string | null;
  testClockId: string | null;
}

export class WebhookSignatureError extends Error {}
