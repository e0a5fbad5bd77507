/**
 * One running sandbox: its state, clock, engine, events and webhooks. The HTTP layers (API, portal,
 * control) work on this.
 */
import { Billing, type BillingSettings } from "./billing.ts";
import { EventLog } from "./events.ts";
import { IdempotencyStore } from "./idempotency.ts";
import { newId, randomToken } from "./ids.ts";
import { newPortalSession } from "./objects/portal.ts";
import { type CustomerRow, type SessionRow, State } from "./state.ts";
import type { Cause, PortalSession } from "./types.ts";
import { WebhookDispatcher, type WebhookOptions } from "./webhooks.ts";

export const API_VERSION = "2026-10-28.endive";

export interface SandboxConfig {
  baseUrl: string;
  secretKey: string;
  apiVersion: string;
  now: () => number;
  webhook?: WebhookOptions;
  billing: BillingSettings;
}

export class Sandbox {
  readonly state = new State();
  readonly webhooks: WebhookDispatcher;
  readonly events: EventLog;
  readonly billing: Billing;
  readonly idempotency: IdempotencyStore;
  /** Added to `now()` by the control API's time travel (objects without a test clock). */
  offsetMs = 0;

  constructor(readonly config: SandboxConfig) {
    this.webhooks = new WebhookDispatcher(config.now, (id, ok) => this.events.result(id, ok), config.webhook);
    this.events = new EventLog(this.state, this.webhooks, config.apiVersion);
    this.billing = new Billing(this.state, this.events, config.billing, () => this.nowSec(), config.baseUrl);
    this.idempotency = new IdempotencyStore(config.now);
    this.state.seed(this.nowSec());
  }

  get baseUrl(): string {
    return this.config.baseUrl;
  }

  nowMs(): number {
    return this.config.now() + this.offsetMs;
  }

  nowSec(): number {
    return Math.floor(this.nowMs() / 1000);
  }

  reset(): void {
    this.state.clear();
    this.idempotency.clear();
    this.webhooks.clear();
    this.offsetMs = 0;
    this.state.seed(this.nowSec());
  }

  createPortalSession(
    customer: CustomerRow,
    fields: {
      return_url: string | null;
      configuration?: string;
      locale?: PortalSession["locale"];
      flow?: PortalSession["flow"];
    },
    cause: Cause,
  ): SessionRow {
    const token = `test_${randomToken(48)}`;
    const session = newPortalSession(newId("bps"), cause.at, {
      configuration: fields.configuration ?? this.state.defaultConfiguration,
      customer: customer.obj.id,
      return_url: fields.return_url,
      url: `${this.baseUrl}/p/session/${token}`,
      locale: fields.locale ?? null,
      flow: fields.flow ?? null,
    });
    const row: SessionRow = { obj: session, seq: this.state.next(), token };
    this.state.sessions.set(session.id, row);
    this.events.emit("billing_portal.session.created", session, cause);
    return row;
  }
}
