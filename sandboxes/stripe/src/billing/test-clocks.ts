/** Test clocks: how far one may be advanced, advancing it, deleting it with its customers. */
import type { ClockRow } from "../state.ts";
import { addInterval } from "../time.ts";
import { AUTOMATIC } from "../types.ts";
import { type BillingContext, ENDED } from "./context.ts";
import { advance } from "./schedule.ts";

/**
 * The latest time a clock may be advanced to: two intervals of its shortest subscription (two
 * years without one), as Stripe limits it.
 */
export function advanceLimit(b: BillingContext, clock: ClockRow): number {
  const from = clock.obj.frozen_time;
  let limit = addInterval(from, "year", 2);
  for (const row of b.state.subscriptions.values()) {
    if (row.obj.test_clock !== clock.obj.id || ENDED.has(row.obj.status)) continue;
    for (const item of row.obj.items.data) {
      const r = item.price.recurring;
      if (r)
        limit = Math.min(
          limit,
          addInterval(Math.max(from, item.current_period_end), r.interval, 2 * r.interval_count),
        );
    }
  }
  return limit;
}

/** Advances a test clock: runs everything due in between, stamped with the clock's time. */
export function advanceClock(
  b: BillingContext,
  clock: ClockRow,
  target: number,
  realNow: number,
  reads: number,
): void {
  const previous = clock.obj.frozen_time;
  clock.obj.status = "advancing";
  clock.obj.status_details = { advancing: { target_frozen_time: target } };
  b.events.emit("test_helpers.test_clock.advancing", clock.obj, { at: realNow, request: AUTOMATIC });
  advance(b, clock.obj.id, target);
  clock.obj.frozen_time = target;
  clock.obj.status = "ready";
  clock.obj.status_details = {};
  clock.advancingReads = reads;
  clock.advancingFrom = previous;
  b.events.emit("test_helpers.test_clock.ready", clock.obj, { at: realNow, request: AUTOMATIC });
}

/** Deletes a clock with its customers and everything they own, as Stripe does. */
export function deleteClock(b: BillingContext, clock: ClockRow, realNow: number): void {
  clock.deleted = true;
  for (const [id, customer] of b.state.customers) {
    if (customer.obj.test_clock !== clock.obj.id) continue;
    b.state.customers.delete(id);
    for (const [sid, sub] of b.state.subscriptions)
      if (sub.obj.customer === id) b.state.subscriptions.delete(sid);
    for (const [iid, inv] of b.state.invoices) if (inv.obj.customer === id) b.state.invoices.delete(iid);
    for (const [pid, pm] of b.state.paymentMethods)
      if (pm.obj.customer === id) b.state.paymentMethods.delete(pid);
  }
  b.events.emit("test_helpers.test_clock.deleted", clock.obj, { at: realNow, request: AUTOMATIC });
}
