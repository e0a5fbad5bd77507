/** Creating a subscription: its items and trial, and its first invoice ($0 for a trial, else charged at once). */
import { cardError } from "../errors.ts";
import { newId } from "../ids.ts";
import { newSubscription, newSubscriptionItem } from "../objects/subscription.ts";
import type { CustomerRow, SubscriptionRow } from "../state.ts";
import type { Cause, Price } from "../types.ts";
import type { BillingContext, PaymentResult } from "./context.ts";
import { buildInvoice, finalize } from "./invoices.ts";
import { paymentMethodOf } from "./payment-methods.ts";
import { charge, settle } from "./payments.ts";
import { nextPeriodEnd, periodEnd, setPeriod, TRIAL_WILL_END } from "./periods.ts";
import { catchUp } from "./schedule.ts";
import { applyCancelAtPeriodEnd } from "./subscription-changes.ts";

export type EndBehavior = "cancel" | "pause" | "create_invoice";

export interface NewSubscription {
  items: { price: Price; quantity: number }[];
  trialEnd?: number;
  endBehavior: EndBehavior;
  defaultPaymentMethod: string | null;
  paymentBehavior:
    | "allow_incomplete"
    | "default_incomplete"
    | "error_if_incomplete"
    | "pending_if_incomplete";
  cancelAtPeriodEnd: boolean;
  metadata: Record<string, string>;
  description: string | null;
  collectionMethod: "charge_automatically" | "send_invoice";
  daysUntilDue: number | null;
  saveDefaultPaymentMethod: "off" | "on_subscription" | null;
  billingMode: "classic" | "flexible";
}

export function createSubscription(
  b: BillingContext,
  customer: CustomerRow,
  spec: NewSubscription,
  cause: Cause,
): SubscriptionRow {
  const at = cause.at;
  const clock = customer.obj.test_clock;
  const sub = newSubscription(newId("sub"), at, {
    customer: customer.obj.id,
    currency: spec.items[0]!.price.currency,
    test_clock: typeof clock === "string" ? clock : (clock?.id ?? null),
  });
  const trialing = spec.trialEnd !== undefined && spec.trialEnd > at;
  const end = trialing ? spec.trialEnd! : 0;
  sub.billing_cycle_anchor = trialing ? end : at;
  sub.items.data = spec.items.map(({ price, quantity }) =>
    newSubscriptionItem(newId("si"), at, { price, quantity, subscription: sub.id, start: at, end: 0 }),
  );
  setPeriod(sub, at, trialing ? end : nextPeriodEnd(sub, at));
  sub.trial_settings = {
    end_behavior: { billing_cycle_anchor: null, missing_payment_method: spec.endBehavior },
  };
  sub.default_payment_method = spec.defaultPaymentMethod;
  sub.metadata = spec.metadata;
  sub.description = spec.description;
  sub.collection_method = spec.collectionMethod;
  sub.days_until_due = spec.daysUntilDue;
  sub.payment_settings = {
    payment_method_options: null,
    payment_method_types: null,
    save_default_payment_method: spec.saveDefaultPaymentMethod,
  };
  if (spec.billingMode === "classic") sub.billing_mode = { flexible: null, type: "classic" };
  if (trialing) {
    sub.status = "trialing";
    sub.trial_start = at;
    sub.trial_end = end;
  }
  if (spec.cancelAtPeriodEnd) applyCancelAtPeriodEnd(sub, true, at);
  const row: SubscriptionRow = {
    obj: sub,
    seq: b.state.next(),
    trialWillEndAt: trialing ? Math.max(at, end - TRIAL_WILL_END) : null,
    trialWillEndSent: false,
  };

  // the first invoice: $0 for a trial, else the first period, charged at once
  const invoice = buildInvoice(b, row, customer, "subscription_create", at, periodEnd(sub), !trialing, at);
  let payment: PaymentResult = { ok: true };
  if (!trialing && spec.paymentBehavior !== "default_incomplete") {
    payment = charge(invoice.obj, customer, paymentMethodOf(b, sub, customer));
    if (!payment.ok && spec.paymentBehavior === "error_if_incomplete") throw cardError(payment.decline);
  }
  b.state.subscriptions.set(sub.id, row);
  b.state.invoices.set(invoice.obj.id, invoice);
  sub.latest_invoice = invoice.obj.id;
  if (!trialing)
    sub.status = payment.ok && spec.paymentBehavior !== "default_incomplete" ? "active" : "incomplete";
  b.events.emit("customer.subscription.created", sub, cause);
  b.events.emit("invoice.created", invoice.obj, cause);
  finalize(b, invoice, cause);
  if (trialing || spec.paymentBehavior !== "default_incomplete")
    settle(b, invoice, customer, payment, cause, false);
  catchUp(b, sub.test_clock as string | null);
  return row;
}
