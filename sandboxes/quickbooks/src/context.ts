import type { IncomingMessage, ServerResponse } from "node:http";
import type { FaultInjector } from "./accounting/inject.ts";
import type { LatencyModel } from "./accounting/latency.ts";
import type { Throttle } from "./accounting/throttle.ts";
import type { CompanyRegistry } from "./companies.ts";
import type { SigningKeys } from "./oauth/keys.ts";
import type { OAuthStore } from "./oauth/store.ts";
import type { InvoiceLinks } from "./pay/links.ts";
import type { RealmRegistry } from "./realms.ts";
import type { UserStore } from "./users.ts";
import type { WebhookSender } from "./webhooks.ts";

/** An app registered with the sandbox (its Intuit developer keys). */
export interface QuickBooksClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
  /** Shown on the consent page (default "Recoup"). */
  client_name?: string;
}

/** Everything the route handlers share. */
export interface SandboxContext {
  /** e.g. http://localhost:4020; also the OpenID issuer. */
  baseUrl: string;
  now(): number;
  clients: Map<string, QuickBooksClient>;
  users: UserStore;
  companies: CompanyRegistry;
  keys: SigningKeys;
  oauth: OAuthStore;
  /** Accounting data per realm. */
  realms: RealmRegistry;
  throttle: Throttle;
  faults: FaultInjector;
  /** How long each request takes and which answer 504 / 5xx (off unless turned on). */
  latency: LatencyModel;
  webhooks: WebhookSender;
  /** InvoiceLinks and the tokens of the payment page. */
  invoiceLinks: InvoiceLinks;
}

export interface RequestContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  /** Named groups of the route's path pattern. */
  params: Record<string, string>;
  sandbox: SandboxContext;
}

export interface Route {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** An exact path, or a pattern whose named groups become `params`. */
  path: string | RegExp;
  handle(ctx: RequestContext): Promise<void> | void;
}
