/**
 * A new test clock. Every field the SDK's typings declare, set to what Stripe answers for a test-mode account
 * without tax, Connect or discounts (field order follows Stripe's JSON).
 */
import type { TestClock } from "../types.ts";

export function newTestClock(
  id: string,
  created: number,
  frozenTime: number,
  name: string | null,
): TestClock {
  return {
    id,
    object: "test_helpers.test_clock",
    created,
    deletes_after: created + 30 * 86_400,
    frozen_time: frozenTime,
    livemode: false,
    name,
    status: "ready",
    status_details: {},
  };
}
