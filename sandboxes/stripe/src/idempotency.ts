/**
 * Idempotent POSTs (docs.stripe.com/idempotency): the first answer to a key is kept for 24 hours
 * and replayed for the same request (with `Idempotent-Replayed: true`), including 402s and 5xx.
 * Nothing is kept when the parameters failed validation (400 / 404). The same key on another
 * endpoint or with other parameters → 400 `idempotency_error`; while the first is still running → 409.
 */
import { invalidRequest, StripeError } from "./errors.ts";

export interface StoredResponse {
  status: number;
  body: string;
  requestId: string;
}

interface Entry extends StoredResponse {
  endpoint: string;
  fingerprint: string;
  at: number;
}

const TTL_MS = 24 * 3600 * 1000;

export class IdempotencyStore {
  readonly #entries = new Map<string, Entry>();
  readonly #running = new Map<string, { endpoint: string; fingerprint: string }>();

  constructor(private readonly nowMs: () => number) {}

  clear(): void {
    this.#entries.clear();
    this.#running.clear();
  }

  /** The stored answer to replay, or undefined to run the request (then call `finish`). */
  begin(key: string, endpoint: string, fingerprint: string): StoredResponse | undefined {
    if (key.length > 255) {
      throw invalidRequest(
        `Invalid idempotency key: must be at most 255 characters long (was ${key.length}).`,
        undefined,
        "idempotency_key_too_long",
      );
    }
    const entry = this.#entries.get(key);
    if (entry && this.nowMs() - entry.at > TTL_MS) this.#entries.delete(key);
    const prior = this.#entries.get(key) ?? this.#running.get(key);
    if (prior && prior.endpoint !== endpoint) {
      throw new StripeError(400, {
        type: "idempotency_error",
        message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${prior.endpoint}' vs '${endpoint}'). Try using a key other than '${key}' if you meant to execute a different request.`,
      });
    }
    if (prior && prior.fingerprint !== fingerprint) {
      throw new StripeError(400, {
        type: "idempotency_error",
        message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      });
    }
    if (this.#running.has(key)) {
      throw new StripeError(
        409,
        {
          type: "invalid_request_error",
          code: "idempotency_key_in_use",
          message: `There is currently another in-progress request using this Stripe idempotency key (that probably means you submitted twice, and the other request is still going through): ${key}. Please try again later.`,
        },
        { "stripe-should-retry": "true" },
      );
    }
    if (entry && this.#entries.has(key)) return entry;
    this.#running.set(key, { endpoint, fingerprint });
    return undefined;
  }

  finish(key: string, response: StoredResponse | undefined): void {
    const running = this.#running.get(key);
    this.#running.delete(key);
    if (!running || !response) return;
    this.#entries.set(key, { ...running, ...response, at: this.nowMs() });
  }
}
