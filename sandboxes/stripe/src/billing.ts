/**
 * The billing engine: what Stripe Billing does to subscriptions and invoices, with time as a
 * parameter. Every change takes a `Cause` (when, in the time of the customer's test clock if it has
 * one, and which API request) and emits the events Stripe would. This class is its one entry point;
 * the work is in billing/, a file per use case, where each method is documented.
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
import {
  type BillingContext,
  type BillingSettings,
  causeFor,
  clockTime,
  customerId,
  customerTime,
} from "./billing/context.ts";
import { createSubscription } from "./billing/create-subscription.ts";
import { endTrial, resume } from "./billing/lifecycle.ts";
import { attach, attachCard, paymentMethodOf, setDefaultPaymentMethod } from "./billing/payment-methods.ts";
import { pay, settle } from "./billing/payments.ts";
import { catchUp } from "./billing/schedule.ts";
import {
  applyCancelAt,
  applyCancelAtPeriodEnd,
  applyItems,
  applyTrialEnd,
  cancelNow,
  update,
} from "./billing/subscription-changes.ts";
import { advanceClock, advanceLimit, deleteClock } from "./billing/test-clocks.ts";
import type { EventLog } from "./events.ts";
import type { State, SubscriptionRow } from "./state.ts";
import type { Cause } from "./types.ts";

export {
  type BillingSettings,
  customerId,
  invoiceSubscription,
  type PaymentResult,
} from "./billing/context.ts";
export type { EndBehavior, NewSubscription } from "./billing/create-subscription.ts";

/** The arguments of an engine function after its context. */
type Args<F> = F extends (b: BillingContext, ...rest: infer A) => unknown ? A : never;

export class Billing implements BillingContext {
  constructor(
    readonly state: State,
    readonly events: EventLog,
    readonly settings: BillingSettings,
    /** The sandbox clock, unix seconds (objects without a test clock). */
    readonly nowSec: () => number,
    readonly baseUrl: string,
  ) {}

  // time
  clockTime = (...a: Args<typeof clockTime>) => clockTime(this, ...a);
  customerTime = (...a: Args<typeof customerTime>) => customerTime(this, ...a);
  causeFor = (...a: Args<typeof causeFor>) => causeFor(this, ...a);

  // payment methods
  attachCard = (...a: Args<typeof attachCard>) => attachCard(this, ...a);
  attach = (...a: Args<typeof attach>) => attach(this, ...a);
  paymentMethodOf = (...a: Args<typeof paymentMethodOf>) => paymentMethodOf(this, ...a);
  setDefaultPaymentMethod = (...a: Args<typeof setDefaultPaymentMethod>) =>
    setDefaultPaymentMethod(this, ...a);

  // subscriptions
  subscriptionsOf(customer: string): SubscriptionRow[] {
    return [...this.state.subscriptions.values()].filter((s) => customerId(s.obj.customer) === customer);
  }
  createSubscription = (...a: Args<typeof createSubscription>) => createSubscription(this, ...a);
  update = (...a: Args<typeof update>) => update(this, ...a);
  applyItems = applyItems;
  applyCancelAtPeriodEnd = applyCancelAtPeriodEnd;
  applyCancelAt = applyCancelAt;
  applyTrialEnd = applyTrialEnd;
  cancelNow = (...a: Args<typeof cancelNow>) => cancelNow(this, ...a);
  /** Ends a trial now (trial_end=now): the first period starts, its invoice is charged at once. */
  endTrialNow = (row: SubscriptionRow, cause: Cause) => endTrial(this, row, cause, true);
  resume = (...a: Args<typeof resume>) => resume(this, ...a);

  // invoices
  pay = (...a: Args<typeof pay>) => pay(this, ...a);
  settle = (...a: Args<typeof settle>) => settle(this, ...a);

  // scheduled work and test clocks
  catchUp = (...a: Args<typeof catchUp>) => catchUp(this, ...a);
  advanceLimit = (...a: Args<typeof advanceLimit>) => advanceLimit(this, ...a);
  advanceClock = (...a: Args<typeof advanceClock>) => advanceClock(this, ...a);
  deleteClock = (...a: Args<typeof deleteClock>) => deleteClock(this, ...a);
}
