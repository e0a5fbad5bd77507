/**
 * What moves a subscription from one period to the next: a trial's end (by trial_settings when
 * there is no card), a renewal, resuming a paused subscription, an incomplete one expiring.
 */
import type { SubscriptionRow } from "../state.ts";
import type { Cause } from "../types.ts";
import { type BillingContext, clone, customerId, type PaymentResult } from "./context.ts";
import { invoicesOf, newPeriod } from "./invoices.ts";
import { paymentMethodOf } from "./payment-methods.ts";
import { finalizeAndCharge } from "./payments.ts";
import { nextPeriodEnd, periodEnd, setPeriod } from "./periods.ts";
import { cancelNow } from "./subscription-changes.ts";

/** Ends a trial, at its time or now (trial_end=now: the first period's invoice is charged at once). */
export function endTrial(b: BillingContext, row: SubscriptionRow, cause: Cause, now: boolean): void {
  const sub = row.obj;
  const customer = b.state.customers.get(customerId(sub.customer));
  if (!customer) return;
  row.trialWillEndAt = null;
  if (sub.cancel_at !== null && sub.cancel_at <= cause.at) {
    cancelNow(b, row, cause, "cancellation_requested");
    return;
  }
  const pm = paymentMethodOf(b, sub, customer);
  const behavior = sub.trial_settings?.end_behavior.missing_payment_method ?? "create_invoice";
  if (!pm && behavior === "cancel") {
    cancelNow(b, row, cause, null);
    return;
  }
  if (!pm && behavior === "pause") {
    const before = clone(sub);
    sub.status = "paused";
    sub.status_details = {
      paused: {
        subscription: { type: "trial_end_without_payment_method" },
        transitioned_at: cause.at,
        type: "subscription",
      },
    };
    b.events.emit("customer.subscription.paused", sub, cause);
    b.events.changed("customer.subscription.updated", before, sub, cause);
    return;
  }
  const reason = now ? "subscription_update" : "subscription_cycle";
  const invoice = newPeriod(b, row, customer, reason, cause, (s) => {
    s.status = "active";
    if (now) s.trial_end = cause.at;
    s.billing_cycle_anchor = cause.at;
    setPeriod(s, cause.at, nextPeriodEnd(s, cause.at));
    if (s.cancel_at_period_end) s.cancel_at = periodEnd(s);
  });
  if (now) finalizeAndCharge(b, invoice, customer, cause, true);
}

export function renew(b: BillingContext, row: SubscriptionRow, cause: Cause): void {
  const sub = row.obj;
  const customer = b.state.customers.get(customerId(sub.customer));
  if (!customer) return;
  if (sub.cancel_at !== null && sub.cancel_at <= cause.at) {
    cancelNow(b, row, cause, "cancellation_requested");
    return;
  }
  const end = periodEnd(sub);
  const invoice = newPeriod(b, row, customer, "subscription_cycle", cause, (s) => {
    setPeriod(s, end, nextPeriodEnd(s, end));
  });
  if (sub.status === "unpaid") {
    invoice.finalizeAt = null;
    invoice.obj.automatically_finalizes_at = null;
    invoice.obj.auto_advance = false;
  }
}

/** Resumes a paused subscription: a new period from now, its invoice charged at once. */
export function resume(b: BillingContext, row: SubscriptionRow, cause: Cause): PaymentResult {
  const customer = b.state.customers.get(customerId(row.obj.customer))!;
  const invoice = newPeriod(b, row, customer, "subscription_update", cause, (sub) => {
    sub.status = "active";
    delete sub.status_details;
    sub.billing_cycle_anchor = cause.at;
    setPeriod(sub, cause.at, nextPeriodEnd(sub, cause.at));
  });
  b.events.emit("customer.subscription.resumed", row.obj, cause);
  return finalizeAndCharge(b, invoice, customer, cause, false);
}

/** An incomplete subscription not paid within 23 hours expires; its open invoices are voided. */
export function expireIncomplete(b: BillingContext, row: SubscriptionRow, cause: Cause): void {
  const sub = row.obj;
  const before = clone(sub);
  sub.status = "incomplete_expired";
  sub.ended_at = cause.at;
  for (const inv of invoicesOf(b, sub.id)) {
    if (inv.obj.status !== "open") continue;
    inv.obj.status = "void";
    inv.obj.status_transitions.voided_at = cause.at;
    inv.obj.next_payment_attempt = null;
    b.events.emit("invoice.voided", inv.obj, cause);
  }
  b.events.changed("customer.subscription.updated", before, sub, cause);
}
