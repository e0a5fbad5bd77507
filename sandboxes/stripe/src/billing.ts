/**
 * The billing engine: what Stripe Billing does to subscriptions and invoices, with time as a
 * parameter. Every change takes a `Cause` (when, in the time of the customer's test clock if it has
 * one, and which API request) and emits the events Stripe would. This class is its one entry point;
 * the work is in billing/, a file per use case.
 *
 * Time: objects of a customer on a test clock live at the clock's frozen time and move only when it
 * is advanced; the others live at the sandbox's clock, and due work (trial ends, renewals, payment
 * retries) is caught up before every request and every few seconds.
 *
 * Simplifications (see README): no prorations (a plan switch takes effect on the next invoice);
 * invoices are created as drafts and finalized and charged an hour later, like Stripe's automatic
 * collection, except a subscription's first invoice (charged at once); failed renewals are retried
 * after `retryDays`, then the subscription follows `afterRetries`.
 */

import type { BillingContext, BillingSettings, PaymentResult } from "./billing/context.ts";
import * as context from "./billing/context.ts";
import { createSubscription, type NewSubscription } from "./billing/create-subscription.ts";
import { endTrial, resume } from "./billing/lifecycle.ts";
import * as paymentMethods from "./billing/payment-methods.ts";
import { pay, settle } from "./billing/payments.ts";
import { catchUp } from "./billing/schedule.ts";
import * as changes from "./billing/subscription-changes.ts";
import * as clocks from "./billing/test-clocks.ts";
import type { TestCard } from "./cards.ts";
import type { EventLog } from "./events.ts";
import type { ClockRow, CustomerRow, InvoiceRow, PaymentMethodRow, State, SubscriptionRow } from "./state.ts";
import { AUTOMATIC, type Cause, type Price, type Subscription } from "./types.ts";

export {
  type BillingSettings,
  customerId,
  invoiceSubscription,
  type PaymentResult,
} from "./billing/context.ts";
export type { EndBehavior, NewSubscription } from "./billing/create-subscription.ts";

export class Billing implements BillingContext {
  constructor(
    readonly state: State,
    readonly events: EventLog,
    readonly settings: BillingSettings,
    /** The sandbox clock, unix seconds (objects without a test clock). */
    readonly nowSec: () => number,
    readonly baseUrl: string,
  ) {}

  // ---- time ---------------------------------------------------------------------------------

  clockTime(clockId: string | null): number {
    return context.clockTime(this, clockId);
  }

  customerTime(customer: CustomerRow | undefined): number {
    return context.customerTime(this, customer);
  }

  /** A cause at the customer's time. */
  causeFor(customer: CustomerRow | undefined, request: Cause["request"] = AUTOMATIC): Cause {
    return context.causeFor(this, customer, request);
  }

  // ---- payment methods ----------------------------------------------------------------------

  /** Saves a test card to a customer, as attaching a PaymentMethod does (declined cards throw 402). */
  attachCard(
    customer: CustomerRow,
    card: TestCard,
    details: { exp_month: number; exp_year: number; name?: string | null; postal_code?: string | null },
    cause: Cause,
  ): PaymentMethodRow {
    return paymentMethods.attachCard(this, customer, card, details, cause);
  }

  /** Attaches an existing, unattached PaymentMethod. */
  attach(customer: CustomerRow, row: PaymentMethodRow, cause: Cause): PaymentMethodRow {
    return paymentMethods.attach(this, customer, row, cause);
  }

  paymentMethodOf(sub: Subscription, customer: CustomerRow): PaymentMethodRow | undefined {
    return paymentMethods.paymentMethodOf(this, sub, customer);
  }

  setDefaultPaymentMethod(customer: CustomerRow, pm: string | null, cause: Cause): void {
    paymentMethods.setDefaultPaymentMethod(this, customer, pm, cause);
  }

  // ---- subscriptions ------------------------------------------------------------------------

  subscriptionsOf(customer: string): SubscriptionRow[] {
    return [...this.state.subscriptions.values()].filter(
      (s) => context.customerId(s.obj.customer) === customer,
    );
  }

  createSubscription(customer: CustomerRow, spec: NewSubscription, cause: Cause): SubscriptionRow {
    return createSubscription(this, customer, spec, cause);
  }

  /** Changes a subscription; one `customer.subscription.updated` if anything changed. */
  update(row: SubscriptionRow, cause: Cause, mutate: (sub: Subscription) => void): void {
    changes.update(this, row, cause, mutate);
  }

  /**
   * A plan switch or quantity change; takes effect on the next invoice (no prorations). The
   * `apply*` methods change a subscription without emitting: wrap them in `update`.
   */
  applyItems(
    sub: Subscription,
    items: { id?: string; price?: Price; quantity?: number; deleted?: boolean }[],
    at: number,
  ): void {
    changes.applyItems(sub, items, at);
  }

  /** cancel_at_period_end: Stripe also sets cancel_at to the period end and canceled_at to now. */
  applyCancelAtPeriodEnd(sub: Subscription, value: boolean, at: number): void {
    changes.applyCancelAtPeriodEnd(sub, value, at);
  }

  applyCancelAt(sub: Subscription, cancelAt: number | null, at: number): void {
    changes.applyCancelAt(sub, cancelAt, at);
  }

  /** Moves a trial's end (or starts a trial on an active subscription); wrap in `update`. */
  applyTrialEnd(row: SubscriptionRow, trialEnd: number, at: number): void {
    changes.applyTrialEnd(row, trialEnd, at);
  }

  /** Cancels now: `customer.subscription.deleted`; open invoices stop being retried. */
  cancelNow(
    row: SubscriptionRow,
    cause: Cause,
    reason: "cancellation_requested" | "payment_failed" | null,
    details: { comment?: string | null; feedback?: string | null } = {},
  ): void {
    changes.cancelNow(this, row, cause, reason, details);
  }

  /** Ends a trial now (trial_end=now): the first period starts, its invoice is charged at once. */
  endTrialNow(row: SubscriptionRow, cause: Cause): void {
    endTrial(this, row, cause, true);
  }

  /** Resumes a paused subscription: a new period from now, its invoice charged at once. */
  resume(row: SubscriptionRow, cause: Cause): PaymentResult {
    return resume(this, row, cause);
  }

  // ---- invoices -----------------------------------------------------------------------------

  /**
   * Attempts to pay an open invoice (automatic collection, `invoices.pay` or the portal) and applies
   * the outcome to the invoice, the customer and the subscription.
   */
  pay(
    invoice: InvoiceRow,
    customer: CustomerRow,
    cause: Cause,
    options: { automatic: boolean; paymentMethod?: PaymentMethodRow },
  ): PaymentResult {
    return pay(this, invoice, customer, cause, options);
  }

  /** Applies a payment outcome to the invoice, the customer and the subscription. */
  settle(
    invoice: InvoiceRow,
    customer: CustomerRow,
    result: PaymentResult,
    cause: Cause,
    automatic: boolean,
  ): void {
    settle(this, invoice, customer, result, cause, automatic);
  }

  // ---- scheduled work and test clocks -------------------------------------------------------

  /** Runs what is due now on a clock (or, for null, on the sandbox clock). */
  catchUp(clock: string | null): void {
    catchUp(this, clock);
  }

  /** The latest time a clock may be advanced to (two intervals of its shortest subscription). */
  advanceLimit(clock: ClockRow): number {
    return clocks.advanceLimit(this, clock);
  }

  /** Advances a test clock: runs everything due in between, stamped with the clock's time. */
  advanceClock(clock: ClockRow, target: number, realNow: number, reads: number): void {
    clocks.advanceClock(this, clock, target, realNow, reads);
  }

  /** Deletes a clock with its customers and everything they own, as Stripe does. */
  deleteClock(clock: ClockRow, realNow: number): void {
    clocks.deleteClock(this, clock, realNow);
  }
}
