/**
 * @fastify/rate-limit's store on the database's rate counters, so every API process counts a
 * client's requests together: a limit of 10 a minute is 10 across the processes, not 10 each.
 */
import type { DbOrTx } from "../../db/client.ts";
import { hitWindow } from "./rate-counters.repository.ts";

type Answer = (error: Error | null, result?: { current: number; ttl: number }) => void;
interface RouteParams {
  routeInfo?: { method?: string | string[]; url?: string };
}

export function databaseRateStore(db: DbOrTx) {
  return class DatabaseRateStore {
    readonly #scope: string;
    /** The plugin makes the first with its options, then one per limited route with `child`. */
    constructor(scope?: unknown) {
      this.#scope = typeof scope === "string" ? scope : "http";
    }

    incr(key: string, answer: Answer, timeWindowMs: number) {
      hitWindow(db, `${this.#scope}:${key}`, timeWindowMs / 1000).then(
        ({ count, leftMs }) => answer(null, { current: count, ttl: leftMs }),
        (error: Error) => answer(error),
      );
    }

    child(params: RouteParams) {
      const route = params.routeInfo;
      return new DatabaseRateStore(`http:${[route?.method ?? ""].flat().join(",")} ${route?.url ?? ""}`);
    }
  };
}
