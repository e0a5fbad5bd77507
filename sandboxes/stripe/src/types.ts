/**
 * Wire shapes, checked against the official SDK's typings (`stripe` is a dev dependency; these are
 * type-only imports, erased at run time). `Wire<T>` is the JSON form of an SDK type: the SDK turns
 * `decimal_string` fields into `Decimal` objects on arrival, so on the wire they are strings.
 */
import type Stripe from "stripe";

export type Wire<T> = T extends string | number | boolean | null | undefined
  ? T
  : T extends { isZero(): boolean }
    ? string
    : T extends (infer U)[]
      ? Wire<U>[]
      : T extends object
        ? { [K in keyof T]: Wire<T[K]> }
        : T;

export type Customer = Wire<Stripe.Customer>;
export type Product = Wire<Stripe.Product>;
export type Price = Wire<Stripe.Price>;
export type Plan = Wire<Stripe.Plan>;
export type Subscription = Wire<Stripe.Subscription>;
export type SubscriptionItem = Wire<Stripe.SubscriptionItem>;
export type Invoice = Wire<Stripe.Invoice>;
export type InvoiceLineItem = Wire<Stripe.InvoiceLineItem>;
export type PaymentMethod = Wire<Stripe.PaymentMethod>;
export type TestClock = Wire<Stripe.TestHelpers.TestClock>;
export type PortalSession = Wire<Stripe.BillingPortal.Session>;
export type PortalConfiguration = Wire<Stripe.BillingPortal.Configuration>;
export type SubscriptionStatus = Stripe.Subscription.Status;
export type Interval = Stripe.Price.Recurring.Interval;

/** An Event as sent; `data.object` is whichever object the event is about, never expanded. */
export interface StripeEvent {
  id: string;
  object: "event";
  api_version: string | null;
  created: number;
  data: { object: object; previous_attributes?: Record<string, unknown> };
  livemode: boolean;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null } | null;
  type: Stripe.Event.Type;
}

export interface ListObject<T> {
  object: "list";
  data: T[];
  has_more: boolean;
  url: string;
}

export interface Deleted {
  id: string;
  object: string;
  deleted: true;
}

/** Who caused a change, and when (unix seconds, in the time of the objects' test clock, if any). */
export interface Cause {
  at: number;
  request: { id: string | null; idempotency_key: string | null };
}

export const AUTOMATIC = { id: null, idempotency_key: null } as const;
