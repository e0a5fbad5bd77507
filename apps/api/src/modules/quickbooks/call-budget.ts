/**
 * Intuit's limits per realm and app (decision 0025): 500 requests a rolling minute and 10 in
 * flight. Every process of a deployment calls the same realms, so the count is kept in the
 * database (`qbo_calls`): a request takes a place there before it is sent and gives it back when
 * answered. In a process, a realm's requests queue and only the first asks the database; it is
 * woken at once when one of this process's calls is answered, and looks again shortly for
 * another process's.
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
  /** Per realm, the end of this process's queue: one request at a time asks the database for a place. */
  const queues = new Map<string, Promise<void>>();

  async function place(realmId: string): Promise<number> {
    for (;;) {
      const got = await takeCall(db, realmId, limits, POLL_MS);
      if ("id" in got) return got.id;
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
  }

  return {
    async enter(realmId) {
      const before = queues.get(realmId) ?? Promise.resolve();
      const taken = before.then(() => place(realmId));
      const settled = taken.then(
        () => {},
        () => {},
      );
      queues.set(realmId, settled);
      void settled.then(() => {
        if (queues.get(realmId) === settled) queues.delete(realmId);
      });
      const id = await taken;
      let given = false;
      return async () => {
        if (given) return;
        given = true;
        await callAnswered(db, id);
        wake();
      };
    },
  };
}
