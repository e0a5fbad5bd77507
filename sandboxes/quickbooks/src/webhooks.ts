/**
 * Intuit webhooks: each change is posted to the configured URL, one POST per realm, shortly
 * after it happens (changes within `delayMs` are sent together, as Intuit aggregates them).
 * Body: the legacy `eventNotifications` payload (or CloudEvents 1.0 with `format: "cloudevents"`);
 * header `intuit-signature` = base64(HMAC-SHA256(raw body, verifier token)). A non-2xx answer,
 * a network error or no answer within 3 s is retried after each of `retryDelaysMs`.
 */
import { createHash, createHmac, randomUUID } from "node:crypto";
import type { Change, Operation } from "./accounting/changes.ts";
import { formatWebhookTime } from "./accounting/time.ts";

export interface WebhookOptions {
  url: string;
  verifierToken: string;
  /** Default "legacy" (eventNotifications); "cloudevents" is Intuit's newer opt-in format. */
  format?: "legacy" | "cloudevents";
  /** Changes made within this window go in one POST per realm. Default 50 ms. */
  delayMs?: number;
  /** Waits before each retry. Default [1000, 2000, 4000] (Intuit: 10 s, 20 s, 30 s, 5 min, ...). */
  retryDelaysMs?: number[];
  /** A delivery not answered within this time counts as failed. Default 3000 (Intuit's limit). */
  timeoutMs?: number;
}

export interface WebhookDelivery {
  id: string;
  realmId: string;
  url: string;
  body: string;
  signature: string;
  /** Attempts made so far. */
  attempts: number;
  /** Status of the last attempt, if it got an answer. */
  status?: number;
  error?: string;
  state: "pending" | "delivered" | "failed";
}

const CE_EVENT: Record<Operation, string> = {
  Create: "created",
  Update: "updated",
  Delete: "deleted",
  Void: "voided",
  Emailed: "emailed",
  Merge: "merged",
};

export function signWebhook(body: string, verifierToken: string): string {
  return createHmac("sha256", verifierToken).update(body).digest("base64");
}

export function validateWebhook(options: WebhookOptions): string | undefined {
  try {
    new URL(options.url);
  } catch {
    return "url must be an absolute URL";
  }
  if (!options.verifierToken) return "verifierToken is required";
  if (options.format !== undefined && !["legacy", "cloudevents"].includes(options.format)) {
    return "format must be legacy or cloudevents";
  }
  return undefined;
}

export class WebhookSender {
  #options: WebhookOptions | undefined;
  readonly #queue = new Map<string, (Change & { realmId: string })[]>();
  #timer: NodeJS.Timeout | undefined;
  readonly #timers = new Map<NodeJS.Timeout, () => void>();
  readonly #deliveries: WebhookDelivery[] = [];
  readonly #inFlight = new Set<Promise<void>>();
  #closed = false;

  constructor(
    readonly now: () => number,
    options?: WebhookOptions,
  ) {
    this.#options = options;
  }

  get options(): WebhookOptions | undefined {
    return this.#options;
  }

  configure(options: WebhookOptions | undefined): void {
    this.#options = options;
  }

  deliveries(): WebhookDelivery[] {
    return this.#deliveries.map((d) => ({ ...d }));
  }

  /** Queues changes of a realm; nothing happens without a configured URL. */
  enqueue(realmId: string, changes: Change[]): void {
    if (!this.#options || this.#closed || !changes.length) return;
    const queued = this.#queue.get(realmId) ?? [];
    queued.push(...changes.map((c) => ({ ...c, realmId })));
    this.#queue.set(realmId, queued);
    if (!this.#timer) this.#timer = setTimeout(() => this.#send(), this.#options.delayMs ?? 50);
  }

  /** Sends what is queued now and waits until every delivery has succeeded or given up. */
  async flush(): Promise<void> {
    this.#send();
    while (this.#inFlight.size) await Promise.allSettled([...this.#inFlight]);
  }

  close(): void {
    this.#closed = true;
    if (this.#timer) clearTimeout(this.#timer);
    for (const [timer, resolve] of this.#timers) {
      clearTimeout(timer);
      resolve();
    }
    this.#timers.clear();
    this.#queue.clear();
  }

  #send(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    const options = this.#options;
    if (!options) {
      this.#queue.clear();
      return;
    }
    for (const [realmId, changes] of this.#queue) {
      const body = JSON.stringify(this.#payload(options, realmId, changes));
      const delivery: WebhookDelivery = {
        id: randomUUID(),
        realmId,
        url: options.url,
        body,
        signature: signWebhook(body, options.verifierToken),
        attempts: 0,
        state: "pending",
      };
      this.#deliveries.push(delivery);
      if (this.#deliveries.length > 1000) this.#deliveries.shift();
      this.#track(this.#attempt(delivery, options));
    }
    this.#queue.clear();
  }

  #track(promise: Promise<void>): void {
    this.#inFlight.add(promise);
    void promise.finally(() => this.#inFlight.delete(promise));
  }

  #payload(options: WebhookOptions, realmId: string, changes: Change[]): unknown {
    if (options.format === "cloudevents") {
      const source = `intuit.${createHash("sha256").update(options.verifierToken).digest("base64")}`;
      return changes.map((c) => ({
        specversion: "1.0",
        id: randomUUID(),
        source,
        type: `qbo.${c.entity.toLowerCase()}.${CE_EVENT[c.operation]}.v1`,
        datacontenttype: "application/json",
        time: new Date(c.at).toISOString(),
        intuitentityid: String(c.id),
        intuitaccountid: realmId,
        data: {},
      }));
    }
    return {
      eventNotifications: [
        {
          realmId,
          dataChangeEvent: {
            entities: changes.map((c) => ({
              name: c.entity,
              id: String(c.id),
              operation: c.operation,
              lastUpdated: formatWebhookTime(c.at),
            })),
          },
        },
      ],
    };
  }

  async #attempt(delivery: WebhookDelivery, options: WebhookOptions): Promise<void> {
    delivery.attempts++;
    try {
      const res = await fetch(delivery.url, {
        method: "POST",
        headers: {
          accept: "application/json",
          "content-type":
            options.format === "cloudevents"
              ? "application/cloudevents+json"
              : "application/json; charset=utf-8",
          "intuit-signature": delivery.signature,
          "intuit-created-time": formatWebhookTime(this.now()),
          "intuit-t-id": randomUUID(),
          "intuit-notification-schema-version": "0.1",
          "user-agent": "intuit_notification_server/0.1",
        },
        body: delivery.body,
        signal: AbortSignal.timeout(options.timeoutMs ?? 3000),
      });
      await res.arrayBuffer().catch(() => undefined);
      delivery.status = res.status;
      delete delivery.error;
      if (res.ok) {
        delivery.state = "delivered";
        return;
      }
    } catch (error) {
      delivery.error = error instanceof Error ? error.message : String(error);
    }
    const delays = options.retryDelaysMs ?? [1000, 2000, 4000];
    const wait = delays[delivery.attempts - 1];
    if (wait === undefined || this.#closed) {
      delivery.state = "failed";
      return;
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.#timers.delete(timer);
        resolve();
      }, wait);
      this.#timers.set(timer, resolve);
    });
    if (this.#closed) {
      delivery.state = "failed";
      return;
    }
    return this.#attempt(delivery, options);
  }
}
