/**
 * Events: every change worth a webhook becomes an `evt_...` (kept for GET /v1/events and sent to
 * the webhook endpoint). `data.object` is a snapshot of the object after the change, never expanded;
 * `data.previous_attributes` holds the old values of what changed (nested hashes only their changed
 * keys, lists and arrays whole), as Stripe's `*.updated` events do.
 */
import { newId } from "./ids.ts";
import type { State } from "./state.ts";
import type { Cause, StripeEvent } from "./types.ts";
import type { WebhookDispatcher } from "./webhooks.ts";

function isHash(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function diff(before: unknown, after: unknown): Record<string, unknown> | undefined {
  if (!isHash(before) || !isHash(after)) return undefined;
  const out: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const a = before[key];
    const b = after[key];
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    if (isHash(a) && isHash(b) && a.object !== "list") {
      out[key] = diff(a, b) ?? {};
    } else if (isHash(a) && isHash(b)) {
      out[key] = { data: a.data };
    } else {
      out[key] = a === undefined ? null : a;
    }
  }
  return Object.keys(out).length ? out : undefined;
}

export class EventLog {
  constructor(
    private readonly state: State,
    readonly webhooks: WebhookDispatcher,
    readonly apiVersion: string,
  ) {}

  emit(
    type: StripeEvent["type"],
    object: object,
    cause: Cause,
    previous?: Record<string, unknown>,
  ): StripeEvent {
    const wanted = this.webhooks.wants(type);
    const event: StripeEvent = {
      id: newId("evt"),
      object: "event",
      api_version: this.apiVersion,
      created: cause.at,
      data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
      livemode: false,
      pending_webhooks: wanted ? 1 : 0,
      request: { ...cause.request },
      type,
    };
    this.state.events.set(event.id, { obj: event, seq: this.state.next(), delivered: false, failed: false });
    this.webhooks.enqueue(event);
    return event;
  }

  /** Emits `type` (an `*.updated`) if `after` differs from `before`. */
  changed(type: StripeEvent["type"], before: object, after: object, cause: Cause): StripeEvent | undefined {
    const previous = diff(before, after);
    return previous ? this.emit(type, after, cause, previous) : undefined;
  }

  /** Called by the dispatcher when an event has been delivered (or given up on). */
  result(eventId: string, delivered: boolean): void {
    const row = this.state.events.get(eventId);
    if (!row) return;
    if (delivered) {
      row.delivered = true;
      row.obj.pending_webhooks = 0;
    } else if (!row.delivered) {
      row.failed = true;
    }
  }
}
