/**
 * Scheduled work, run in time order: drafts finalized and charged, payment retries, trial
 * announcements and ends, cancellations at cancel_at, renewals, incomplete subscriptions expiring.
 * Objects on a test clock run when it is advanced; the others are caught up to the sandbox clock.
 */
import { HOUR } from "../time.ts";
import { AUTOMATIC, type Cause } from "../types.ts";
import { type BillingContext, clockTime, customerId, ENDED } from "./context.ts";
import { endTrial, expireIncomplete, renew } from "./lifecycle.ts";
import { finalizeAndCharge, pay } from "./payments.ts";
import { periodEnd } from "./periods.ts";
import { cancelNow } from "./subscription-changes.ts";

type Due = { at: number; run: (cause: Cause) => void };

/** The earliest piece of work due at or before `target` for objects on `clock` (null: none). */
function nextDue(b: BillingContext, clock: string | null, target: number): Due | undefined {
  let best: { at: number; order: number; run: (cause: Cause) => void } | undefined;
  const consider = (at: number, order: number, run: (cause: Cause) => void) => {
    if (at > target) return;
    if (!best || at < best.at || (at === best.at && order < best.order)) best = { at, order, run };
  };
  for (const inv of b.state.invoices.values()) {
    if ((inv.obj.test_clock ?? null) !== clock) continue;
    if (inv.obj.status === "draft" && inv.finalizeAt !== null) {
      consider(inv.finalizeAt, 0, (cause) => {
        const customer = b.state.customers.get(customerId(inv.obj.customer));
        if (customer) finalizeAndCharge(b, inv, customer, cause, true);
        else inv.finalizeAt = null;
      });
    } else if (inv.obj.status === "open" && inv.obj.next_payment_attempt !== null) {
      consider(inv.obj.next_payment_attempt, 0, (cause) => {
        const customer = b.state.customers.get(customerId(inv.obj.customer));
        if (customer) pay(b, inv, customer, cause, { automatic: true });
        else inv.obj.next_payment_attempt = null;
      });
    }
  }
  for (const row of b.state.subscriptions.values()) {
    const sub = row.obj;
    if ((sub.test_clock ?? null) !== clock || ENDED.has(sub.status)) continue;
    if (sub.status === "trialing" && sub.trial_end !== null) {
      const willEnd = row.trialWillEndAt;
      if (!row.trialWillEndSent && willEnd !== null) {
        consider(willEnd, 1, (cause) => {
          row.trialWillEndSent = true;
          b.events.emit("customer.subscription.trial_will_end", sub, cause);
        });
      }
      consider(sub.trial_end, 2, (cause) => endTrial(b, row, cause, false));
      if (sub.cancel_at !== null && sub.cancel_at < sub.trial_end) {
        consider(sub.cancel_at, 3, (cause) => cancelNow(b, row, cause, "cancellation_requested"));
      }
    } else if (["active", "past_due", "unpaid"].includes(sub.status)) {
      if (sub.cancel_at !== null)
        consider(sub.cancel_at, 3, (cause) => cancelNow(b, row, cause, "cancellation_requested"));
      consider(periodEnd(sub), 4, (cause) => renew(b, row, cause));
    } else if (sub.status === "incomplete") {
      consider(sub.created + 23 * HOUR, 5, (cause) => expireIncomplete(b, row, cause));
    }
  }
  return best;
}

/** Runs, in time order, everything due on `clock` up to `target` (unix seconds). */
export function advance(b: BillingContext, clock: string | null, target: number): void {
  for (let i = 0; i < 100_000; i++) {
    const due = nextDue(b, clock, target);
    if (!due) return;
    due.run({ at: due.at, request: AUTOMATIC });
  }
  throw new Error("stripe sandbox: scheduled work did not settle");
}

/** Runs what is due now on a clock (or, for null, on the sandbox clock). */
export function catchUp(b: BillingContext, clock: string | null): void {
  advance(b, clock, clockTime(b, clock));
}
