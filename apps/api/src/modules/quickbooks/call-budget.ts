/**
 * Intuit's limits per realm and app (decision 0025): 500 requests a rolling minute and 10 in
 * flight. Every process of a deployment calls the same realms, so the count is kept in the
 * database (`qbo_calls`): a request takes a place there before it is sent and gives it back when
 * answered. A process that waits for its own calls to finish is woken at once; for another
 * process's, it looks again shortly.
 */
import type { Db } from "../../db/client.ts";
import type { QboCallGate } from "../../integrations/quickbooks/qbo-api.ts";
import { callAnswered, takeCall } from "./call-budget.repository.ts";

export interface CallLimits {
  perMinute: number;
  inFlight: number;
}
/** Intuit's documented limits per realm and app. */
export const INTUIT_LIMITS: CallLimits = { perMinute: 500, inFlight: 10 };
/** How soon to look again when another process holds the places. */
const POLL_MS = 50;

/** The gate the QuickBooks client asks before each request (retries included). */
export function callBudget(db: Db, limits: CallLimits = INTUIT_LIMITS): QboCallGate {
  /** Waiters of this process, woken when one of its calls is given back. */
  const waiting = new Set<() => void>();
  const wake = () => {
    for (const w of waiting) w();
    waiting.clear();
  };
  return {
    async enter(realmId) {
      for (;;) {
        const got = await takeCall(db, realmId, limits, POLL_MS);
        if ("id" in got) {
          let given = false;
          return async () => {
            if (given) return;
            given = true;
            await callAnswered(db, got.id);
            wake();
          };
        }
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            waiting.delete(done);
            resolve();
          };
          const timer = setTimeout(done, got.waitMs);
          waiting.add(done);
        });
      }
    },
  };
}
