/**
 * Webhook delivery as Stripe does it: `POST <url>` with the Event as JSON and
 * `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`, signed afresh on every
 * attempt with the `whsec_...` string itself as the key. At least once: a non-2xx answer, an error
 * or no answer within `timeoutMs` is retried after each of `retryDelaysMs`; no ordering promise.
 * `chaos` (for tests) holds events for `batchMs`, then sends each batch shuffled, with duplicates.
 */
import { createHmac } from "node:crypto";
import { newId } from "./ids.ts";
import type { StripeEvent } from "./types.ts";

export interface ChaosOptions {
  /** Share of events sent twice (0..1). Default 1: every event arrives twice. */
  duplicateRate?: number;
  /** Send each batch in an order other than creation order. Default true. */
  reorder?: boolean;
  /** Events raised within this window form a batch. Default 25 ms. */
  batchMs?: number;
  /** Seed of the shuffles and duplicate draws. Default 1. */
  seed?: number;
}

export interface WebhookOptions {
  url: string;
  /** The endpoint's signing secret, `whsec_...`. */
  secret: string;
  /** Waits before each retry. Default [1000, 5000, 25000, 120000, 600000] (Stripe: up to 3 days). */
  retryDelaysMs?: number[];
  /** An attempt not answered within this time fails. Default 10000. */
  timeoutMs?: number;
  /** Event types to send (default all), like a webhook endpoint's enabled_events. */
  enabledEvents?: string[];
  /** Test mode: duplicated and out-of-order deliveries. `true` = every event twice, shuffled. */
  chaos?: boolean | ChaosOptions;
}

export interface Delivery {
  id: string;
  event: string;
  type: string;
  url: string;
  /** A deliberate second copy (chaos) or a redelivery asked through the control API. */
  duplicate: boolean;
  attempts: number;
  /** HTTP status of the last attempt that got an answer. */
  status?: number;
  error?: string;
  state: "pending" | "delivered" | "failed";
  /** Unix seconds of the successful attempt. */
  deliveredAt?: number;
}

export function signatureHeader(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

export function validateWebhook(options: WebhookOptions): string | undefined {
  try {
    new URL(options.url);
  } catch {
    return "url must be an absolute URL";
  }
  if (!options.secret?.startsWith("whsec_")) return "secret must start with whsec_";
  return undefined;
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DEFAULT_RETRIES = [1000, 5000, 25_000, 120_000, 600_000];

export class WebhookDispatcher {
  #options: WebhookOptions | undefined;
  #random: () => number = mulberry32(1);
  readonly #deliveries: Delivery[] = [];
  readonly #payloads = new Map<string, string>();
  #batch: { event: StripeEvent; duplicate: boolean }[] = [];
  #batchTimer: NodeJS.Timeout | undefined;
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #inFlight = new Set<Promise<void>>();
  readonly #aborts = new Set<AbortController>();
  #closed = false;

  constructor(
    private readonly nowMs: () => number,
    private readonly onResult: (eventId: string, delivered: boolean) => void,
    options?: WebhookOptions,
  ) {
    this.configure(options);
  }

  get options(): WebhookOptions | undefined {
    return this.#options;
  }

  configure(options: WebhookOptions | undefined): void {
    this.#options = options;
    this.#random = mulberry32(this.#chaos()?.seed ?? 1);
  }

  deliveries(): Delivery[] {
    return this.#deliveries.map((d) => ({ ...d }));
  }

  clear(): void {
    this.#deliveries.length = 0;
    this.#payloads.clear();
    this.#batch = [];
  }

  wants(type: string): boolean {
    const enabled = this.#options?.enabledEvents;
    return !!this.#options && (!enabled || enabled.includes("*") || enabled.includes(type));
  }

  /** Queues an event for delivery; the payload is the event as it is now. */
  enqueue(event: StripeEvent, duplicate = false): void {
    const options = this.#options;
    if (!options || this.#closed || !this.wants(event.type)) return;
    if (!this.#payloads.has(event.id)) this.#payloads.set(event.id, JSON.stringify(event, null, 2));
    const chaos = this.#chaos();
    if (!chaos) {
      this.#start(event, duplicate, options);
      return;
    }
    this.#batch.push({ event, duplicate });
    if (!this.#batchTimer) {
      this.#batchTimer = setTimeout(() => this.#sendBatch(), chaos.batchMs ?? 25);
    }
  }

  /** Waits until every delivery has succeeded or given up (retries included), or `timeoutMs`. */
  async flush(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    if (this.#batchTimer) this.#sendBatch();
    while (Date.now() < deadline) {
      const busy =
        this.#batchTimer || this.#inFlight.size > 0 || this.#deliveries.some((d) => d.state === "pending");
      if (!busy) return;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  close(): void {
    this.#closed = true;
    if (this.#batchTimer) clearTimeout(this.#batchTimer);
    this.#batchTimer = undefined;
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    for (const abort of this.#aborts) abort.abort();
    for (const d of this.#deliveries) if (d.state === "pending") d.state = "failed";
  }

  #chaos(): ChaosOptions | undefined {
    const chaos = this.#options?.chaos;
    if (!chaos) return undefined;
    return chaos === true ? {} : chaos;
  }

  #sendBatch(): void {
    if (this.#batchTimer) clearTimeout(this.#batchTimer);
    this.#batchTimer = undefined;
    const options = this.#options;
    const chaos = this.#chaos() ?? {};
    const batch = this.#batch;
    this.#batch = [];
    if (!options || !batch.length) return;
    const rate = chaos.duplicateRate ?? 1;
    // first arrivals in a shuffled order (never creation order when there are two or more events),
    // then each duplicate somewhere after its original
    const items = [...batch];
    if (chaos.reorder !== false && items.length > 1) {
      for (let i = items.length - 1; i > 0; i--) {
        const j = Math.floor(this.#random() * (i + 1));
        [items[i], items[j]] = [items[j]!, items[i]!];
      }
      if (items.every((item, i) => item === batch[i])) items.push(items.shift()!);
    }
    for (const item of [...items]) {
      if (item.duplicate || this.#random() >= rate) continue;
      const after = items.indexOf(item) + 1;
      const at = after + Math.floor(this.#random() * (items.length - after + 1));
      items.splice(at, 0, { ...item, duplicate: true });
    }
    // one after the other, so the receiver sees exactly this order
    const run = async () => {
      for (const item of items) {
        if (this.#closed) return;
        await this.#attempt(this.#record(item.event, item.duplicate, options), options);
      }
    };
    this.#track(run());
  }

  #record(event: StripeEvent, duplicate: boolean, options: WebhookOptions): Delivery {
    const delivery: Delivery = {
      id: newId("whdel"),
      event: event.id,
      type: event.type,
      url: options.url,
      duplicate,
      attempts: 0,
      state: "pending",
    };
    this.#deliveries.push(delivery);
    if (this.#deliveries.length > 5000) this.#deliveries.shift();
    return delivery;
  }

  #start(event: StripeEvent, duplicate: boolean, options: WebhookOptions): void {
    this.#track(this.#attempt(this.#record(event, duplicate, options), options));
  }

  #track(promise: Promise<void>): void {
    this.#inFlight.add(promise);
    void promise.finally(() => this.#inFlight.delete(promise));
  }

  async #attempt(delivery: Delivery, options: WebhookOptions): Promise<void> {
    if (this.#closed) return;
    const payload = this.#payloads.get(delivery.event);
    if (payload === undefined) return;
    delivery.attempts++;
    const abort = new AbortController();
    this.#aborts.add(abort);
    const timer = setTimeout(() => abort.abort(), options.timeoutMs ?? 10_000);
    try {
      const res = await fetch(delivery.url, {
        method: "POST",
        headers: {
          "content-type": "application/json; charset=utf-8",
          accept: "*/*; q=0.5, application/xml",
          "cache-control": "no-cache",
          "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
          "stripe-signature": signatureHeader(payload, options.secret, Math.floor(this.nowMs() / 1000)),
        },
        body: payload,
        signal: abort.signal,
      });
      await res.arrayBuffer().catch(() => undefined);
      delivery.status = res.status;
      delete delivery.error;
      if (res.ok) {
        delivery.state = "delivered";
        delivery.deliveredAt = Math.floor(this.nowMs() / 1000);
        this.onResult(delivery.event, true);
        return;
      }
    } catch (error) {
      delivery.error = abort.signal.aborted
        ? "timed out"
        : error instanceof Error
          ? error.message
          : String(error);
    } finally {
      clearTimeout(timer);
      this.#aborts.delete(abort);
    }
    if (this.#closed) {
      delivery.state = "failed";
      return;
    }
    const wait = (options.retryDelaysMs ?? DEFAULT_RETRIES)[delivery.attempts - 1];
    if (wait === undefined) {
      delivery.state = "failed";
      this.onResult(delivery.event, false);
      return;
    }
    const retry = setTimeout(() => {
      this.#timers.delete(retry);
      this.#track(this.#attempt(delivery, options));
    }, wait);
    this.#timers.add(retry);
  }
}
