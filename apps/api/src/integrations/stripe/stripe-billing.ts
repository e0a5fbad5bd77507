/**
 * The one client of the payment provider (Stripe's API, or the local sandbox through the same
 * SDK). It speaks Stripe and answers typed records: nothing else in the app sees a Stripe object.
 */
import Stripe from "stripe";
import type { StripeConfig } from "../../config.ts";
import {
  type ProviderCustomer,
  type ProviderEvent,
  type ProviderSubscription,
  WebhookSignatureError,
} from "./provider-records.ts";
import { idOf, subjectOf, toProviderSubscription } from "./stripe-records.ts";

const ENDED: Stripe.Subscription.Status[] = ["canceled", "incomplete_expired"];

export class StripeBilling {
  readonly stripe: Stripe;

  constructor(private readonly config: StripeConfig) {
    this.stripe = new Stripe(config.secretKey, {
      ...(config.api ?? {}),
      maxNetworkRetries: 2,
      // Onboarding and the Billing page wait on some calls: fail fast, the jobs retry.
      timeout: 10_000,
      appInfo: { name: "Recoup" },
    });
  }

  get testClocks(): boolean {
    return this.config.testClocks;
  }

  /** Checks the `Stripe-Signature` header (HMAC of the raw body, at most 300 s old), then parses. */
  verifyEvent(rawBody: string, header: string | undefined): ProviderEvent {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, header ?? "", this.config.webhookSecret, 300);
    } catch (error) {
      throw new WebhookSignatureError(error instanceof Error ? error.message : String(error));
    }
    return { id: event.id, type: event.type, created: event.created, ...subjectOf(event) };
  }

  /** The price trials run on: `price_…` is an id, anything else a lookup key. */
  async trialPrice(): Promise<string> {
    const wanted = this.config.trialPrice;
    if (wanted.startsWith("price_")) return wanted;
    const found = await this.stripe.prices.list({ lookup_keys: [wanted], active: true, limit: 1 });
    const price = found.data[0];
    if (!price) throw new Error(`No active Stripe price has the lookup key ${wanted} (STRIPE_TRIAL_PRICE)`);
    return price.id;
  }

  async createTestClock(companyId: string, frozenTime: number): Promise<string> {
    const clock = await this.stripe.testHelpers.testClocks.create(
      { frozen_time: frozenTime, name: `Recoup company ${companyId}` },
      { idempotencyKey: `recoup-clock-${companyId}` },
    );
    return clock.id;
  }

  async createCustomer(input: {
    companyId: string;
    name: string;
    email: string | null;
    testClock: string | null;
  }): Promise<string> {
    const customer = await this.stripe.customers.create(
      {
        name: input.name,
        ...(input.email ? { email: input.email } : {}),
        metadata: { companyId: input.companyId },
        ...(input.testClock ? { test_clock: input.testClock } : {}),
      },
      { idempotencyKey: `recoup-customer-${input.companyId}` },
    );
    return customer.id;
  }

  /**
   * The trial: no card; when it ends without one the subscription pauses (nothing is billed) until
   * a card is added and it is resumed.
   */
  async createTrial(input: {
    companyId: string;
    customerId: string;
    priceId: string;
    trialEnd: number;
  }): Promise<ProviderSubscription> {
    const sub = await this.stripe.subscriptions.create(
      {
        customer: input.customerId,
        items: [{ price: input.priceId }],
        trial_end: input.trialEnd,
        trial_settings: { end_behavior: { missing_payment_method: "pause" } },
        payment_settings: { save_default_payment_method: "on_subscription" },
        metadata: { companyId: input.companyId },
        expand: ["items.data.price.product"],
      },
      { idempotencyKey: `recoup-trial-${input.companyId}` },
    );
    return toProviderSubscription(sub);
  }

  /** A new paid subscription after a canceled one: charged now with the card on file, else left to pay. */
  async createPaid(input: {
    companyId: string;
    customerId: string;
    priceId: string;
    chargeNow: boolean;
    idempotencyKey: string;
  }): Promise<ProviderSubscription> {
    const sub = await this.stripe.subscriptions.create(
      {
        customer: input.customerId,
        items: [{ price: input.priceId }],
        payment_behavior: input.chargeNow ? "allow_incomplete" : "default_incomplete",
        payment_settings: { save_default_payment_method: "on_subscription" },
        metadata: { companyId: input.companyId },
        expand: ["items.data.price.product"],
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return toProviderSubscription(sub);
  }

  /** The customer's current subscription: the newest that has not ended, else the newest. */
  async currentSubscription(customerId: string): Promise<ProviderSubscription | null> {
    const list = await this.stripe.subscriptions.list({
      customer: customerId,
      status: "all",
      limit: 10,
      expand: ["data.items.data.price.product"],
    });
    const newest = [...list.data].sort((a, b) => b.created - a.created);
    const current = newest.find((s) => !ENDED.includes(s.status)) ?? newest[0];
    return current ? toProviderSubscription(current) : null;
  }

  async customer(customerId: string): Promise<ProviderCustomer> {
    const c = await this.stripe.customers.retrieve(customerId);
    if (c.deleted) return { id: c.id, deleted: true, testClock: null, paymentMethod: null };
    return {
      id: c.id,
      deleted: false,
      testClock: idOf(c.test_clock),
      paymentMethod: idOf(c.invoice_settings.default_payment_method) ?? idOf(c.default_source),
    };
  }

  /** How far a test clock has been moved since it was made (it starts at its creation time). */
  async clockOffset(clockId: string): Promise<number> {
    const clock = await this.stripe.testHelpers.testClocks.retrieve(clockId);
    const time = clock.status_details?.advancing?.target_frozen_time ?? clock.frozen_time;
    return Math.max(0, time - clock.created);
  }

  /** Resumes a subscription paused at its trial's end, once a card is on file; charged now. */
  async resume(subscriptionId: string, paymentMethod: string): Promise<void> {
    // The billing cycle restarts now (the default): the first paid period starts with the card.
    await this.stripe.subscriptions.resume(
      subscriptionId,
      {},
      { idempotencyKey: `recoup-resume-${subscriptionId}-${paymentMethod}` },
    );
  }

  async portalSession(customerId: string, returnUrl: string): Promise<string> {
    const session = await this.stripe.billingPortal.sessions.create({
      customer: customerId,
      return_url: returnUrl,
    });
    return session.url;
  }
}
