import type { Env } from "./env.ts";

/** The settings the app runs with, derived from the environment once at start (config.ts). */
export interface OidcClientConfig {
  clientId: string;
  clientSecret: string;
  /** Issuer URL, or a full discovery URL containing /.well-known/. */
  discovery: string;
}

/** A language model that may write drafts (the built-in composer writes otherwise, and as fallback). */
export interface DraftModelConfig {
  provider: "gemini" | "openai";
  apiKey: string;
  /** Gemini: the API's origin (`/v1beta/models/…` is appended); OpenAI-compatible: up to `/v1`. */
  baseUrl: string;
  model: string;
}

export interface Config {
  env: Env["NODE_ENV"];
  port: number;
  host: string;
  appUrl: string;
  logLevel: Env["LOG_LEVEL"];
  logPretty: boolean;
  trustProxy: boolean;
  databaseUrl: string | undefined;
  dataDir: string;
  /** PGlite in a worker thread of its own (PGLITE_THREAD, on by default; decision 0026). */
  pgliteThread: boolean;
  jwtSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  google: OidcClientConfig | undefined;
  intuit: OidcClientConfig | undefined;
  webDistDir: string | undefined;
  rateLimitPerMinute: number;
  /**
   * API requests (under /v1/) served at once, and the longest a request may wait for a turn
   * before it is answered 503 with Retry-After. Concurrency 0 turns the gate off.
   */
  loadShedding: { concurrency: number; maxWaitMs: number };
  runWorker: boolean;
  /** Seals provider tokens at rest. */
  encryptionKey: string;
  /**
   * Replies come back to `reply+<token>@domain` through a relay that posts them, signed with the
   * secret, to /v1/inbound/email. Unset: reminders carry the company's own Reply-To.
   */
  inbound:
    | {
        domain: string;
        secret: string;
        /** The relays' own credentials (decision 0022): each relay's path answers 404 without its own. */
        relays: { sendgridAuth?: string; mailgunSigningKey?: string; postmarkAuth?: string };
      }
    | undefined;
  /** How long reading one inbound message may take; one that takes longer is kept aside unread. */
  inboundReadTimeoutMs: number;
  /**
   * How long a mailbox's reader waits in IDLE before looking anyway (the poll that covers servers
   * without IDLE and lost notifications).
   */
  mailboxPollSeconds: number;
  /** Generated drafts: the model asked first (none: the composer), and how long it may take. */
  drafts: { model: DraftModelConfig | undefined; timeoutMs: number };
  quickbooks: {
    apiUrl: string;
    appUrl: string;
    webhookToken: string | undefined;
    minorVersion: number;
    retryBaseMs: number;
    safetySyncMinutes: number;
  };
  /** The payment provider; undefined means billing is off (no trial gate, no limits). */
  stripe: StripeConfig | undefined;
  /** Where 'Contact Support' writes to. */
  supportEmail: string;
  /**
   * Prometheus metrics (decision 0024): `GET /metrics` on the app's port behind the bearer token,
   * and/or on a listener of their own (`port`, no token). Undefined: off, /metrics is 404.
   */
  metrics: { token: string | undefined; port: number | undefined } | undefined;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Another API host (the local sandbox); undefined is Stripe's own. */
  api: { host: string; port: number; protocol: "http" | "https" } | undefined;
  /** The price a trial runs on: a price id (`price_…`) or a lookup key. */
  trialPrice: string;
  /** A test clock per customer (the sandbox, or Stripe's test mode), so time can be advanced. */
  testClocks: boolean;
}
