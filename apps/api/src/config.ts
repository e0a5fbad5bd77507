import path from "node:path";
import type { Config, StripeConfig } from "./config/config-types.ts";
import { draftsConfig } from "./config/drafts.ts";
import { parseEnv } from "./config/env.ts";
import { checkEnvRules } from "./config/env-rules.ts";
import { generatedSecret } from "./lib/generated-secret.ts";

export type { Config, DraftModelConfig, OidcClientConfig, StripeConfig } from "./config/config-types.ts";
export { ConfigError, type Env } from "./config/env.ts";

/**
 * The one place that reads the environment: checks it (config/env.ts, config/env-rules.ts) and
 * derives the settings the app runs with. Throws a ConfigError naming each bad variable.
 */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const e = parseEnv(source);
  checkEnvRules(e);
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    logLevel: e.LOG_LEVEL,
    logPretty: e.LOG_PRETTY ?? (process.stdout.isTTY === true && e.NODE_ENV !== "production"),
    trustProxy: e.TRUST_PROXY,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    pgliteThread: e.PGLITE_THREAD,
    jwtSecret: e.JWT_SECRET ?? generatedSecret(dataDir),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    google: e.GOOGLE_CLIENT_ID
      ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET!, discovery: e.GOOGLE_ISSUER }
      : undefined,
    intuit: e.INTUIT_CLIENT_ID
      ? {
          clientId: e.INTUIT_CLIENT_ID,
          clientSecret: e.INTUIT_CLIENT_SECRET!,
          discovery: e.INTUIT_DISCOVERY_URL,
        }
      : undefined,
    webDistDir: e.WEB_DIST_DIR,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    loadShedding: {
      // PGlite runs one statement at a time (in its own thread, or on the event loop with
      // PGLITE_THREAD=false): two at once overlap one request's other work (token checks, password
      // hashing, serialising) with the other's statements; more would only interleave statements.
      // PostgreSQL: twice the pool's 10 connections (db/client.ts).
      concurrency: e.LOAD_SHED_CONCURRENCY ?? (e.DATABASE_URL ? 20 : 2),
      maxWaitMs: e.LOAD_SHED_MAX_WAIT_MS,
    },
    runWorker: e.RUN_WORKER,
    encryptionKey: e.ENCRYPTION_KEY ?? `derived:${e.JWT_SECRET ?? generatedSecret(dataDir)}`,
    inbound: e.INBOUND_DOMAIN
      ? {
          domain: e.INBOUND_DOMAIN,
          secret: e.INBOUND_SECRET!,
          relays: {
            sendgridAuth: e.INBOUND_SENDGRID_AUTH,
            mailgunSigningKey: e.INBOUND_MAILGUN_SIGNING_KEY,
            postmarkAuth: e.INBOUND_POSTMARK_AUTH,
          },
        }
      : undefined,
    inboundReadTimeoutMs: e.INBOUND_READ_TIMEOUT_MS,
    mailboxPollSeconds: e.MAILBOX_POLL_SECONDS,
    drafts: draftsConfig(e),
    quickbooks: {
      apiUrl: e.QUICKBOOKS_API_URL.replace(/\/$/, ""),
      appUrl: e.QUICKBOOKS_APP_URL,
      webhookToken: e.QUICKBOOKS_WEBHOOK_TOKEN,
      minorVersion: e.QUICKBOOKS_MINOR_VERSION,
      retryBaseMs: e.QUICKBOOKS_RETRY_BASE_MS,
      safetySyncMinutes: e.QUICKBOOKS_SAFETY_SYNC_MINUTES,
    },
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
          api: e.STRIPE_API_URL ? apiHost(e.STRIPE_API_URL) : undefined,
          trialPrice: e.STRIPE_TRIAL_PRICE,
          testClocks: e.STRIPE_TEST_CLOCKS,
        }
      : undefined,
    supportEmail: e.SUPPORT_EMAIL ?? supportFrom(e.MAIL_FROM),
    metrics:
      e.METRICS_TOKEN !== undefined || e.METRICS_PORT !== undefined
        ? { token: e.METRICS_TOKEN, port: e.METRICS_PORT }
        : undefined,
  };
}

/** `http://127.0.0.1:4030` → the SDK's host, port and protocol options. */
function apiHost(url: string): StripeConfig["api"] {
  const u = new URL(url);
  const protocol = u.protocol === "http:" ? "http" : "https";
  return { host: u.hostname, port: Number(u.port || (protocol === "http" ? 80 : 443)), protocol };
}

/** support@ the sender's domain: `Recoup <no-reply@recoup.local>` → support@recoup.local. */
function supportFrom(mailFrom: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(mailFrom)?.[1] ?? "localhost";
  return `support@${domain}`;
}
