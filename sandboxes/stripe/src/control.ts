/**
 * The control API, in process (`sandbox.control`) and over HTTP (`/_sandbox/...`, JSON, loopback
 * callers only): move time, read events and webhook deliveries, force failures, reset.
 */
import { advanceClock, clockView } from "./api/test-clocks.ts";
import { DECLINES } from "./cards.ts";
import { type Decline, StripeError } from "./errors.ts";
import { fromLoopback, readBody, sendJson } from "./http.ts";
import type { Sandbox } from "./sandbox.ts";
import { type PageRoute, page } from "./server.ts";
import { DAY } from "./time.ts";
import type { StripeEvent, TestClock } from "./types.ts";
import { type Delivery, validateWebhook, type WebhookOptions } from "./webhooks.ts";

export class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const DECLINE_CODES: Record<string, Decline> = {
  generic_decline: DECLINES.generic,
  insufficient_funds: DECLINES.insufficientFunds,
  expired_card: DECLINES.expired,
  incorrect_cvc: DECLINES.incorrectCvc,
  processing_error: DECLINES.processing,
};

/** `{seconds}`, `{days}`, or (clocks) `{frozen_time}`: the time to move to. */
export interface TimeStep {
  frozen_time?: number;
  seconds?: number;
  days?: number;
}

function step(from: number, by: TimeStep): number {
  if (typeof by.frozen_time === "number") return by.frozen_time;
  const seconds = (by.seconds ?? 0) + (by.days ?? 0) * DAY;
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw new ControlError(400, "give frozen_time, or seconds or days > 0");
  return from + Math.round(seconds);
}

export class SandboxControl {
  constructor(private readonly sandbox: Sandbox) {}

  /** Forgets every object, event, delivery and idempotency key; the catalog is seeded again. */
  reset(): void {
    this.sandbox.reset();
  }

  /** Advances a test clock and runs what falls in between; answers when done (status `ready`). */
  advanceTestClock(id: string, by: TimeStep): TestClock {
    const row = this.sandbox.state.clocks.get(id);
    if (!row || row.deleted) throw new ControlError(404, `No such test clock: ${id}`);
    advanceClock({ sandbox: this.sandbox }, row, step(row.obj.frozen_time, by), 0);
    return clockView(row);
  }

  /** Moves the sandbox clock (objects without a test clock) forward and runs what is due. */
  advanceTime(by: Omit<TimeStep, "frozen_time">): { now: number } {
    const now = this.sandbox.nowSec();
    const target = step(now, by);
    this.sandbox.offsetMs += (target - now) * 1000;
    this.sandbox.billing.catchUp(null);
    return { now: this.sandbox.nowSec() };
  }

  now(): { now: number } {
    return { now: this.sandbox.nowSec() };
  }

  /** Events, oldest first (`type` may end in `*`). */
  events(filter: { type?: string } = {}): StripeEvent[] {
    const prefix = filter.type?.endsWith("*") ? filter.type.slice(0, -1) : undefined;
    return [...this.sandbox.state.events.values()]
      .sort((a, b) => a.seq - b.seq)
      .map((r) => r.obj)
      .filter(
        (e) => !filter.type || (prefix !== undefined ? e.type.startsWith(prefix) : e.type === filter.type),
      );
  }

  /** Webhook delivery attempts, in the order they were started. */
  deliveries(): Delivery[] {
    return this.sandbox.webhooks.deliveries();
  }

  /** Waits for pending webhook deliveries (retries included), then lists them. */
  async flushWebhooks(timeoutMs?: number): Promise<Delivery[]> {
    await this.sandbox.webhooks.flush(timeoutMs);
    return this.deliveries();
  }

  redeliver(eventId: string): void {
    const row = this.sandbox.state.events.get(eventId);
    if (!row) throw new ControlError(404, `No such event: ${eventId}`);
    if (!this.sandbox.webhooks.options) throw new ControlError(400, "No webhook endpoint is configured");
    this.sandbox.webhooks.enqueue(row.obj, true);
  }

  configureWebhook(options: WebhookOptions | undefined): void {
    if (options) {
      const invalid = validateWebhook(options);
      if (invalid) throw new ControlError(400, `webhook: ${invalid}`);
    }
    this.sandbox.webhooks.configure(options);
  }

  /** The next `count` charges of this customer fail (renewals, retries, portal payments). */
  failNextCharge(customerId: string, options: { decline_code?: string; count?: number } = {}): void {
    const customer = this.sandbox.state.customers.get(customerId);
    if (!customer || customer.deleted) throw new ControlError(404, `No such customer: ${customerId}`);
    const decline = DECLINE_CODES[options.decline_code ?? "generic_decline"];
    if (!decline)
      throw new ControlError(400, `decline_code must be one of ${Object.keys(DECLINE_CODES).join(", ")}`);
    for (let i = 0; i < (options.count ?? 1); i++) customer.failNext.push(decline);
  }

  /** A fresh billing-portal session URL for a customer (as billing_portal.sessions.create gives). */
  portalUrl(customerId: string, returnUrl: string | null = null): string {
    const customer = this.sandbox.state.customers.get(customerId);
    if (!customer || customer.deleted) throw new ControlError(404, `No such customer: ${customerId}`);
    return this.sandbox.createPortalSession(
      customer,
      { return_url: returnUrl },
      this.sandbox.billing.causeFor(customer),
    ).obj.url;
  }
}

type Body = Record<string, unknown>;

function num(body: Body, key: string): number | undefined {
  const value = body[key];
  if (value === undefined) return undefined;
  if (typeof value !== "number") throw new ControlError(400, `${key} must be a number`);
  return value;
}

function timeStep(body: Body): TimeStep {
  const out: TimeStep = {};
  for (const key of ["frozen_time", "seconds", "days"] as const) {
    const value = num(body, key);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

function control(
  method: PageRoute["method"],
  path: string,
  handler: (c: SandboxControl, params: Record<string, string>, body: Body, url: URL) => unknown,
): PageRoute {
  return page(method, `/_sandbox${path}`, async (ctx) => {
    if (!fromLoopback(ctx.req))
      return sendJson(ctx.res, 403, { error: "The control API only answers loopback callers" });
    try {
      let body: Body = {};
      if (method !== "GET") {
        const text = await readBody(ctx.req);
        if (text.trim()) {
          const parsed: unknown = JSON.parse(text);
          if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
            throw new ControlError(400, "The body must be a JSON object");
          body = parsed as Body;
        }
      }
      const result = await handler(new SandboxControl(ctx.sandbox), ctx.params, body, ctx.url);
      sendJson(ctx.res, 200, result ?? { ok: true });
    } catch (error) {
      if (error instanceof ControlError) return sendJson(ctx.res, error.status, { error: error.message });
      if (error instanceof SyntaxError) return sendJson(ctx.res, 400, { error: "The body must be JSON" });
      if (error instanceof StripeError) return sendJson(ctx.res, error.status, { error: error.body.message });
      throw error;
    }
  });
}

export const CONTROL_ROUTES = [
  "GET /_sandbox",
  "POST /_sandbox/reset",
  "GET /_sandbox/time",
  "POST /_sandbox/time/advance {seconds|days}",
  "POST /_sandbox/test_clocks/:id/advance {frozen_time|seconds|days}",
  "GET /_sandbox/events?type=",
  "POST /_sandbox/events/:id/redeliver",
  "GET /_sandbox/webhook/deliveries",
  "POST /_sandbox/webhook/flush {timeout_ms?}",
  "PUT /_sandbox/webhook {url, secret, retryDelaysMs?, chaos?}",
  "DELETE /_sandbox/webhook",
  "POST /_sandbox/customers/:id/fail_next_charge {decline_code?, count?}",
  "POST /_sandbox/customers/:id/portal_session {return_url?}",
];

export const controlRoutes: PageRoute[] = [
  control("GET", "", () => ({ routes: CONTROL_ROUTES })),
  control("POST", "/reset", (c) => c.reset()),
  control("GET", "/time", (c) => c.now()),
  control("POST", "/time/advance", (c, _, b) => c.advanceTime(timeStep(b))),
  control("POST", "/test_clocks/:id/advance", (c, p, b) => c.advanceTestClock(p.id!, timeStep(b))),
  control("GET", "/events", (c, _, __, url) => {
    const type = url.searchParams.get("type");
    return { data: c.events(type ? { type } : {}) };
  }),
  control("POST", "/events/:id/redeliver", (c, p) => c.redeliver(p.id!)),
  control("GET", "/webhook/deliveries", (c) => ({ data: c.deliveries() })),
  control("POST", "/webhook/flush", async (c, _, b) => ({
    data: await c.flushWebhooks(num(b, "timeout_ms")),
  })),
  control("PUT", "/webhook", (c, _, b) => c.configureWebhook(b as unknown as WebhookOptions)),
  control("DELETE", "/webhook", (c) => c.configureWebhook(undefined)),
  control("POST", "/customers/:id/fail_next_charge", (c, p, b) => {
    const count = num(b, "count");
    const code = b.decline_code;
    if (code !== undefined && typeof code !== "string")
      throw new ControlError(400, "decline_code must be a string");
    return c.failNextCharge(p.id!, {
      ...(code ? { decline_code: code } : {}),
      ...(count !== undefined ? { count } : {}),
    });
  }),
  control("POST", "/customers/:id/portal_session", (c, p, b) => {
    const returnUrl = typeof b.return_url === "string" ? b.return_url : null;
    return { url: c.portalUrl(p.id!, returnUrl) };
  }),
];
