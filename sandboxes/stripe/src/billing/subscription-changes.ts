/**
 * Changes to a subscription from a request or the portal: items, cancel_at(_period_end), a trial's
 * end, cancelling now. The `apply*` functions change a subscription without emitting: wrap them
 * in `update`.
 */
import { invalidRequest } from "../errors.ts";
import { newId } from "../ids.ts";
import { planOf } from "../objects/catalog.ts";
import { newSubscriptionItem } from "../objects/subscription.ts";
import type { SubscriptionRow } from "../state.ts";
import type { Cause, Price, Subscription } from "../types.ts";
import { type BillingContext, clone, ENDED } from "./context.ts";
import { invoicesOf } from "./invoices.ts";
import { nextPeriodEnd, periodEnd, setPeriod, TRIAL_WILL_END } from "./periods.ts";

/** Changes a subscription; one `customer.subscription.updated` if anything changed. */
export function update(
  b: BillingContext,
  row: SubscriptionRow,
  cause: Cause,
  mutate: (sub: Subscription) => void,
): void {
  const before = clone(row.obj);
  mutate(row.obj);
  b.events.changed("customer.subscription.updated", before, row.obj, cause);
}

/** A plan switch or quantity change; takes effect on the next invoice (no prorations). */
export function applyItems(
  sub: Subscription,
  changes: { id?: string; price?: Price; quantity?: number; deleted?: boolean }[],
  at: number,
): void {
  // check everything first, so a bad change leaves the subscription as it was
  const adding = new Set<string>();
  for (const change of changes) {
    if (change.id) {
      if (!sub.items.data.some((i) => i.id === change.id)) {
        throw invalidRequest(`No such subscription item: '${change.id}'`, "items", "resource_missing");
      }
      continue;
    }
    if (!change.price)
      throw invalidRequest("Missing required param: items[price].", "items", "parameter_missing");
    if (adding.has(change.price.id) || sub.items.data.some((i) => i.price.id === change.price!.id)) {
      throw invalidRequest(
        "Cannot add multiple subscription items with the same price.",
        "items",
        "parameter_invalid_string",
      );
    }
    adding.add(change.price.id);
  }
  const remaining = sub.items.data.filter((i) => !changes.some((c) => c.id === i.id && c.deleted));
  if (!remaining.length && !adding.size) {
    throw invalidRequest("A subscription must have at least one item.", "items", "parameter_invalid_empty");
  }
  for (const change of changes) {
    const item = change.id ? sub.items.data.find((i) => i.id === change.id) : undefined;
    if (item && change.deleted) {
      sub.items.data = sub.items.data.filter((i) => i !== item);
      continue;
    }
    if (item) {
      if (change.price) {
        item.price = clone(change.price);
        item.plan = planOf(change.price);
      }
      if (change.quantity !== undefined) item.quantity = change.quantity;
      continue;
    }
    const first = sub.items.data[0];
    sub.items.data.push(
      newSubscriptionItem(newId("si"), at, {
        price: clone(change.price!),
        quantity: change.quantity ?? 1,
        subscription: sub.id,
        start: first?.current_period_start ?? at,
        end: first?.current_period_end ?? nextPeriodEnd(sub, at),
      }),
    );
  }
}

/** cancel_at_period_end: Stripe also sets cancel_at to the period end and canceled_at to now. */
export function applyCancelAtPeriodEnd(sub: Subscription, value: boolean, at: number): void {
  if (sub.cancel_at_period_end === value) return;
  sub.cancel_at_period_end = value;
  sub.cancel_at = value ? periodEnd(sub) : null;
  sub.canceled_at = value ? at : null;
  sub.cancellation_details = {
    comment: sub.cancellation_details?.comment ?? null,
    feedback: sub.cancellation_details?.feedback ?? null,
    feedback_option: null,
    reason: value ? "cancellation_requested" : null,
  };
}

export function applyCancelAt(sub: Subscription, cancelAt: number | null, at: number): void {
  sub.cancel_at = cancelAt;
  sub.cancel_at_period_end = cancelAt !== null && cancelAt === periodEnd(sub);
  sub.canceled_at = cancelAt === null ? null : at;
  sub.cancellation_details = {
    comment: sub.cancellation_details?.comment ?? null,
    feedback: sub.cancellation_details?.feedback ?? null,
    feedback_option: null,
    reason: cancelAt === null ? null : "cancellation_requested",
  };
}

/** Moves a trial's end (or starts a trial on an active subscription); wrap in `update`. */
export function applyTrialEnd(row: SubscriptionRow, trialEnd: number, at: number): void {
  const sub = row.obj;
  if (sub.status !== "trialing") {
    sub.status = "trialing";
    sub.trial_start = at;
    setPeriod(sub, at, trialEnd);
  } else {
    setPeriod(sub, sub.items.data[0]?.current_period_start ?? at, trialEnd);
  }
  sub.trial_end = trialEnd;
  sub.billing_cycle_anchor = trialEnd;
  if (sub.cancel_at_period_end) sub.cancel_at = trialEnd;
  row.trialWillEndSent = false;
  row.trialWillEndAt = Math.max(at, trialEnd - TRIAL_WILL_END);
}

/** Cancels now: `customer.subscription.deleted`; open invoices stop being retried. */
export function cancelNow(
  b: BillingContext,
  row: SubscriptionRow,
  cause: Cause,
  reason: "cancellation_requested" | "payment_failed" | null,
  details: { comment?: string | null; feedback?: string | null } = {},
): void {
  const sub = row.obj;
  if (ENDED.has(sub.status)) return;
  sub.status = "canceled";
  sub.ended_at = cause.at;
  if (sub.canceled_at === null || !sub.cancel_at || sub.cancel_at > cause.at) sub.canceled_at = cause.at;
  sub.cancel_at = sub.cancel_at && sub.cancel_at <= cause.at ? sub.cancel_at : null;
  sub.cancellation_details = {
    comment: details.comment ?? null,
    feedback: (details.feedback ?? null) as NonNullable<Subscription["cancellation_details"]>["feedback"],
    feedback_option: null,
    reason: sub.cancellation_details?.reason ?? reason,
  };
  for (const inv of invoicesOf(b, sub.id)) {
    if (inv.obj.status === "open") inv.obj.next_payment_attempt = null;
    if (inv.obj.status === "draft") {
      inv.finalizeAt = null;
      inv.obj.auto_advance = false;
    }
  }
  row.trialWillEndAt = null;
  b.events.emit("customer.subscription.deleted", sub, cause);
}
