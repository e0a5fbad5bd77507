import { CompanyRegistry, SAMPLE_COMPANIES, type SampleCompany } from "./companies.ts";
import type { QuickBooksClient, SandboxContext } from "./context.ts";
import { PATHS } from "./oauth/discovery.ts";
import { createSigningKeys } from "./oauth/keys.ts";
import { oauthRoutes } from "./oauth/routes.ts";
import { DAY_SECONDS, OAuthStore } from "./oauth/store.ts";
import { createRequestHandler, listen } from "./server.ts";
import { type IntuitUser, TEST_USERS, UserStore } from "./users.ts";

export { SAMPLE_COMPANIES, type SampleCompany } from "./companies.ts";
export type { QuickBooksClient } from "./context.ts";
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
  close(): Promise<void>;
}

export async function startQuickBooksSandbox(
  options: QuickBooksSandboxOptions = {},
): Promise<QuickBooksSandbox> {
  const { port = 4020, host = "127.0.0.1", clients = [], now = Date.now } = options;
  let handler: ReturnType<typeof createRequestHandler> | undefined;
  const listening = await listen(host, port, () => handler);
  const baseUrl = `http://localhost:${listening.port}`;

  const sandbox: SandboxContext = {
    baseUrl,
    now,
    clients: new Map(clients.map((client) => [client.client_id, client])),
    users: new UserStore(TEST_USERS),
    companies: new CompanyRegistry(SAMPLE_COMPANIES),
    keys: await createSigningKeys().catch(async (error: unknown) => {
      await listening.close();
      throw error;
    }),
    oauth: new OAuthStore(now, {
      refreshTokenRotationSeconds: options.refreshTokenRotationSeconds ?? 0,
      refreshTokenGraceSeconds: options.refreshTokenGraceSeconds ?? DAY_SECONDS,
    }),
  };
  handler = createRequestHandler(oauthRoutes, () => sandbox);

  return {
    baseUrl,
    discoveryUrl: `${baseUrl}${PATHS.discovery}`,
    port: listening.port,
    companies: () => sandbox.companies.list(),
    users: () => sandbox.users.list(),
    close: () => listening.close(),
  };
}
