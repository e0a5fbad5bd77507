import { FaultInjector } from "./accounting/inject.ts";
import { type LatencyInput, LatencyModel, validateLatency } from "./accounting/latency.ts";
import { accountingRoutes } from "./accounting/routes.ts";
import { INTUIT_THROTTLE, Throttle, type ThrottleSettings } from "./accounting/throttle.ts";
import { toMillis } from "./accounting/time.ts";
import { CompanyRegistry, SAMPLE_COMPANIES, type SampleCompany } from "./companies.ts";
import type { QuickBooksClient, SandboxContext } from "./context.ts";
import { SandboxControl } from "./control.ts";
import { controlRoutes } from "./control-routes.ts";
import { homeRoutes } from "./home-page.ts";
import { PATHS } from "./oauth/discovery.ts";
import { createSigningKeys } from "./oauth/keys.ts";
import { oauthRoutes } from "./oauth/routes.ts";
import { DAY_SECONDS, OAuthStore } from "./oauth/store.ts";
import { InvoiceLinks } from "./pay/links.ts";
import { payRoutes } from "./pay/routes.ts";
import { type CompanySpec, RealmRegistry } from "./realms.ts";
import { createRequestHandler, listen } from "./server.ts";
import { type IntuitUser, TEST_USERS, UserStore } from "./users.ts";
import { validateWebhook, type WebhookOptions, WebhookSender } from "./webhooks.ts";

export { SAMPLE_COMPANIES, type SampleCompany } from "./companies.ts";
export type { QuickBooksClient } from "./context.ts";
export * from "./exports.ts";
export { type IntuitUser, TEST_USERS } from "./users.ts";

export interface QuickBooksSandboxOptions {
  /** Default 4020; 0 picks a free port. */
  port?: number;
  /** Interface to listen on (default 127.0.0.1). */
  host?: string;
  /** Apps allowed to connect (their Intuit developer keys and exact redirect URIs). */
  clients?: QuickBooksClient[];
  /** Clock in milliseconds (default Date.now), so tests can move time for expiries. */
  now?: () => number;
  /** A refresh returns a new refresh token at most this often. Default 0 (every refresh); Intuit: 86400. */
  refreshTokenRotationSeconds?: number;
  /** How long a replaced refresh token keeps working. Default 86400 (Intuit: 24 hours). */
  refreshTokenGraceSeconds?: number;
  /** Seed of the generated company data (and of fault draws). Same seed, same data. Default 1. */
  seed?: number;
  /**
   * The "today" the generated data is relative to (overdue days, due dates, timestamps).
   * Default: the clock at start. Fix it for data identical from run to run.
   */
  dataNow?: Date | string | number;
  /** More companies to create at start, e.g. `{ data: "large" }` for benchmarks. */
  extraCompanies?: CompanySpec[];
  /** Per-realm request limits (default Intuit's: 500/minute, 10 in flight); false for none. */
  throttle?: Partial<ThrottleSettings> | false;
  /**
   * The latency model (README "Latency model"): true for Intuit's figures, or settings merged
   * over them (e.g. `{ scale: 0.01 }`); default off, every answer at once.
   */
  latency?: boolean | LatencyInput;
  /** Where change notifications go, signed with the verifier token. */
  webhook?: WebhookOptions;
}

export interface QuickBooksSandbox {
  /** e.g. http://localhost:4020; also the OpenID issuer. */
  baseUrl: string;
  /** `${baseUrl}/.well-known/openid-configuration` */
  discoveryUrl: string;
  port: number;
  companies(): SampleCompany[];
  /** The test users plus identities created by typing an email on the consent page. */
  users(): IntuitUser[];
  /** Base of the Accounting API (`${accountingBaseUrl}/v3/company/{realmId}/...`); = baseUrl. */
  accountingBaseUrl: string;
  /** Base of the control API over HTTP: `${baseUrl}/_control`. */
  controlUrl: string;
  /** The control API in process: records, faults, throttling, tokens, webhooks. */
  control: SandboxControl;
  close(): Promise<void>;
}

export async function startQuickBooksSandbox(
  options: QuickBooksSandboxOptions = {},
): Promise<QuickBooksSandbox> {
  const { port = 4020, host = "127.0.0.1", clients = [], now = Date.now } = options;
  const invalidWebhook = options.webhook ? validateWebhook(options.webhook) : undefined;
  if (invalidWebhook) throw new Error(`webhook: ${invalidWebhook}`);
  const latencyInput = options.latency === true ? {} : options.latency || undefined;
  const invalidLatency = latencyInput ? validateLatency(latencyInput) : undefined;
  if (invalidLatency) throw new Error(`latency: ${invalidLatency}`);
  let handler: ReturnType<typeof createRequestHandler> | undefined;
  const listening = await listen(host, port, () => handler);
  const baseUrl = `http://localhost:${listening.port}`;
  const seed = options.seed ?? 1;
  const companies = new CompanyRegistry(SAMPLE_COMPANIES);

  const sandbox: SandboxContext = {
    baseUrl,
    now,
    clients: new Map(clients.map((client) => [client.client_id, client])),
    users: new UserStore(TEST_USERS),
    companies,
    keys: await createSigningKeys().catch(async (error: unknown) => {
      await listening.close();
      throw error;
    }),
    oauth: new OAuthStore(now, {
      refreshTokenRotationSeconds: options.refreshTokenRotationSeconds ?? 0,
      refreshTokenGraceSeconds: options.refreshTokenGraceSeconds ?? DAY_SECONDS,
    }),
    realms: new RealmRegistry(companies, { seed, dataNow: toMillis(options.dataNow ?? now()) }),
    throttle: new Throttle(
      now,
      options.throttle === false ? false : { ...INTUIT_THROTTLE, ...(options.throttle ?? {}) },
    ),
    faults: new FaultInjector(seed),
    latency: new LatencyModel(seed),
    webhooks: new WebhookSender(now, options.webhook),
    invoiceLinks: new InvoiceLinks(baseUrl, String(seed)),
  };
  if (latencyInput) sandbox.latency.configure(undefined, latencyInput);
  try {
    for (const company of SAMPLE_COMPANIES) sandbox.realms.create({ realmId: company.realmId });
    for (const spec of options.extraCompanies ?? []) sandbox.realms.create(spec);
  } catch (error) {
    await listening.close();
    throw error;
  }
  handler = createRequestHandler(
    [...homeRoutes, ...oauthRoutes, ...accountingRoutes, ...payRoutes, ...controlRoutes],
    () => sandbox,
  );

  return {
    baseUrl,
    discoveryUrl: `${baseUrl}${PATHS.discovery}`,
    port: listening.port,
    companies: () => sandbox.companies.list(),
    users: () => sandbox.users.list(),
    accountingBaseUrl: baseUrl,
    controlUrl: `${baseUrl}/_control`,
    control: new SandboxControl(sandbox),
    close: async () => {
      sandbox.webhooks.close();
      await listening.close();
    },
  };
}
