/** A subscription's billing periods, kept on its items (as in API versions since 2025-03-31). */
import { addInterval, DAY } from "../time.ts";
import type { Subscription } from "../types.ts";

/** customer.subscription.trial_will_end comes this long before a trial ends (or at once). */
export const TRIAL_WILL_END = 3 * DAY;

export function setPeriod(sub: Subscription, start: number, end: number): void {
  for (const item of sub.items.data) {
    item.current_period_start = start;
    item.current_period_end = end;
  }
}

export function periodEnd(sub: Subscription): number {
  return Math.min(...sub.items.data.map((i) => i.current_period_end));
}

export function nextPeriodEnd(sub: Subscription, start: number): number {
  const recurring = sub.items.data[0]?.price.recurring;
  return addInterval(
    start,
    recurring?.interval ?? "month",
    recurring?.interval_count ?? 1,
    sub.billing_cycle_anchor,
  );
}
