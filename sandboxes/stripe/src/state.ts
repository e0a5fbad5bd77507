/**
 * Everything the sandbox knows, in memory. Rows wrap the wire object with what only the sandbox
 * needs; `seq` orders objects created in the same second (lists are newest first).
 */
import type { TestCard } from "./cards.ts";
import type { Decline } from "./errors.ts";
import { newId } from "./ids.ts";
import { newPrice, newProduct } from "./objects/catalog.ts";
import { newPortalConfiguration } from "./objects/portal.ts";
import type {
  Customer,
  Invoice,
  PaymentMethod,
  PortalConfiguration,
  PortalSession,
  Price,
  Product,
  StripeEvent,
  Subscription,
  TestClock,
} from "./types.ts";

export interface Row<T> {
  obj: T;
  seq: number;
}

export interface CustomerRow extends Row<Customer> {
  deleted: boolean;
  /** Set by the control API: the next charges of this customer fail with these declines. */
  failNext: Decline[];
}

export interface SubscriptionRow extends Row<Subscription> {
  /** When customer.subscription.trial_will_end is due (3 days before trial_end, or at once). */
  trialWillEndAt: number | null;
  trialWillEndSent: boolean;
}

export interface InvoiceRow extends Row<Invoice> {
  /** Secret part of hosted_invoice_url. */
  token: string;
  /** When a draft is finalized and charged (Stripe waits about an hour after invoice.created). */
  finalizeAt: number | null;
}

export interface PaymentMethodRow extends Row<PaymentMethod> {
  card: TestCard;
}

export interface ClockRow extends Row<TestClock> {
  /** How many more retrieves answer `advancing` before `ready`, so polling code gets exercised. */
  advancingReads: number;
  /** frozen_time before the last advance, shown while `advancing` is reported. */
  advancingFrom: number;
  deleted: boolean;
}

export interface SessionRow extends Row<PortalSession> {
  token: string;
  /** A message for the next page view (post, redirect, get). */
  flash?: string;
}

export interface EventRow extends Row<StripeEvent> {
  delivered: boolean;
  failed: boolean;
}

/** The catalog Recoup's plans live in (DECISIONS.md, "Plans"). */
export const SEED = {
  products: {
    starter: { id: "prod_starter", name: "Starter", invoiceLimit: "100" },
    growth: { id: "prod_growth", name: "Growth", invoiceLimit: "1000" },
  },
  prices: {
    starter: {
      id: "price_starter_monthly",
      lookup_key: "starter_monthly",
      product: "prod_starter",
      unit_amount: 2900,
    },
    growth: {
      id: "price_growth_monthly",
      lookup_key: "growth_monthly",
      product: "prod_growth",
      unit_amount: 7900,
    },
  },
} as const;

export class State {
  seq = 0;
  readonly customers = new Map<string, CustomerRow>();
  readonly products = new Map<string, Row<Product>>();
  readonly prices = new Map<string, Row<Price>>();
  readonly subscriptions = new Map<string, SubscriptionRow>();
  readonly invoices = new Map<string, InvoiceRow>();
  readonly paymentMethods = new Map<string, PaymentMethodRow>();
  readonly clocks = new Map<string, ClockRow>();
  readonly sessions = new Map<string, SessionRow>();
  readonly configurations = new Map<string, Row<PortalConfiguration>>();
  readonly events = new Map<string, EventRow>();
  defaultConfiguration = "";

  next(): number {
    return ++this.seq;
  }

  clear(): void {
    for (const table of [
      this.customers,
      this.products,
      this.prices,
      this.subscriptions,
      this.invoices,
      this.paymentMethods,
      this.clocks,
      this.sessions,
      this.configurations,
      this.events,
    ]) {
      table.clear();
    }
  }

  seed(created: number): void {
    for (const key of ["starter", "growth"] as const) {
      const p = SEED.products[key];
      const product = newProduct(p.id, created, p.name);
      product.metadata = { invoice_limit: p.invoiceLimit };
      const q = SEED.prices[key];
      const price = newPrice(q.id, created, {
        product: p.id,
        currency: "usd",
        unit_amount: q.unit_amount,
        recurring: { interval: "month", interval_count: 1 },
      });
      price.lookup_key = q.lookup_key;
      price.nickname = `${p.name} monthly`;
      price.metadata = { invoice_limit: p.invoiceLimit };
      product.default_price = price.id;
      this.products.set(product.id, { obj: product, seq: this.next() });
      this.prices.set(price.id, { obj: price, seq: this.next() });
    }
    const config = newPortalConfiguration(newId("bpc"), created, [
      { product: SEED.products.starter.id, prices: [SEED.prices.starter.id] },
      { product: SEED.products.growth.id, prices: [SEED.prices.growth.id] },
    ]);
    this.configurations.set(config.id, { obj: config, seq: this.next() });
    this.defaultConfiguration = config.id;
  }

  sessionByToken(token: string): SessionRow | undefined {
    for (const row of this.sessions.values()) if (row.token === token) return row;
    return undefined;
  }

  invoiceByToken(token: string): InvoiceRow | undefined {
    for (const row of this.invoices.values()) if (row.token === token) return row;
    return undefined;
  }
}
