import { apiRoutes } from "./api/index.ts";
import type { BillingSettings } from "./billing.ts";
import { controlRoutes, SandboxControl } from "./control.ts";
import { pageRoutes } from "./portal/routes.ts";
import { API_VERSION, Sandbox } from "./sandbox.ts";
import { createHandler, listen } from "./server.ts";
import { validateWebhook, type WebhookOptions } from "./webhooks.ts";

export type { BillingSettings } from "./billing.ts";
export { TEST_CARDS, type TestCard } from "./cards.ts";
export { CONTROL_ROUTES, ControlError, SandboxControl, type TimeStep } from "./control.ts";
export { API_VERSION } from "./sandbox.ts";
export { SEED } from "./state.ts";
export type { StripeEvent } from "./types.ts";
export { type ChaosOptions, type Delivery, signatureHeader, type WebhookOptions } from "./webhooks.ts";

export const DEFAULT_SECRET_KEY = "sk_test_recoup_sandbox_0000000000000000";

export interface StripeSandboxOptions {
  /** Interface to listen on (default 127.0.0.1). */
  host?: string;
  /** Default 4030; 0 picks a free port. */
  port?: number;
  /** The only API key accepted (`Authorization: Bearer ...`); others answer 401. */
  secretKey?: string;
  /** Where events are posted, signed with `secret` (`whsec_...`). */
  webhook?: WebhookOptions;
  /** Clock in milliseconds (default Date.now) for objects without a test clock. */
  now?: () => number;
  /** The account's API version (events' `api_version`, the default `Stripe-Version`). */
  apiVersion?: string;
  /** Payment retry schedule and what follows the last failed retry. */
  billing?: Partial<BillingSettings>;
}

export interface StripeSandbox {
  host: string;
  port: number;
  protocol: "http";
  /** e.g. http://127.0.0.1:4030 */
  baseUrl: string;
  secretKey: string;
  /** The webhook endpoint's signing secret, if one is configured. */
  webhookSecret: string | undefined;
  /** `new Stripe(secretKey, sandbox.stripeConfig)` points the official SDK here. */
  stripeConfig: { host: string; port: number; protocol: "http" };
  /** A new billing-portal session URL for the customer, or the home page listing customers. */
  portalUrl(customerId?: string, returnUrl?: string): string;
  /** `${baseUrl}/_sandbox` */
  controlUrl: string;
  control: SandboxControl;
  close(): Promise<void>;
}

export async function startStripeSandbox(options: StripeSandboxOptions = {}): Promise<StripeSandbox> {
  const host = options.host ?? "127.0.0.1";
  const secretKey = options.secretKey ?? DEFAULT_SECRET_KEY;
  if (options.webhook) {
    const invalid = validateWebhook(options.webhook);
    if (invalid) throw new Error(`webhook: ${invalid}`);
  }
  let handler: ReturnType<typeof createHandler> | undefined;
  const listening = await listen(host, options.port ?? 4030, () => handler);
  const urlHost = host.includes(":") ? `[${host}]` : host === "0.0.0.0" ? "127.0.0.1" : host;
  const baseUrl = `http://${urlHost}:${listening.port}`;
  const sandbox = new Sandbox({
    baseUrl,
    secretKey,
    apiVersion: options.apiVersion ?? API_VERSION,
    now: options.now ?? Date.now,
    ...(options.webhook ? { webhook: options.webhook } : {}),
    billing: { retryDays: [3, 5, 7], afterRetries: "cancel", clockAdvancingReads: 1, ...options.billing },
  });
  handler = createHandler(sandbox, apiRoutes, [...pageRoutes, ...controlRoutes]);
  // due work for objects without a test clock also happens between requests
  const ticker = setInterval(() => {
    try {
      sandbox.billing.catchUp(null);
    } catch (error) {
      console.error("stripe sandbox: scheduled work failed", error);
    }
  }, 5000);
  ticker.unref();
  const control = new SandboxControl(sandbox);
  return {
    host: urlHost,
    port: listening.port,
    protocol: "http",
    baseUrl,
    secretKey,
    get webhookSecret() {
      return sandbox.webhooks.options?.secret;
    },
    stripeConfig: { host: urlHost, port: listening.port, protocol: "http" },
    portalUrl: (customerId, returnUrl) =>
      customerId ? control.portalUrl(customerId, returnUrl ?? null) : `${baseUrl}/`,
    controlUrl: `${baseUrl}/_sandbox`,
    control,
    close: async () => {
      clearInterval(ticker);
      sandbox.webhooks.close();
      await listening.close();
    },
  };
}
