import path from "node:path";
import { z } from "zod";
import { generatedSecret } from "./lib/generated-secret.ts";

/** The one place that reads the environment. A bad value stops the start with its name. */
const boolean = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");
const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" });

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  APP_URL: z.url().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  LOG_PRETTY: boolean.optional(),
  TRUST_PROXY: boolean.default(false),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  DATA_DIR: z.string().min(1).default("./.data"),
  JWT_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Recoup <no-reply@recoup.local>"),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.url().default("https://accounts.google.com"),
  INTUIT_CLIENT_ID: z.string().min(1).optional(),
  INTUIT_CLIENT_SECRET: z.string().min(1).optional(),
  INTUIT_DISCOVERY_URL: z.url().default("https://developer.api.intuit.com/.well-known/openid_configuration"),
  WEB_DIST_DIR: z.string().optional(),
  ENCRYPTION_KEY: z.string().min(32, "must be at least 32 characters").optional(),
  QUICKBOOKS_API_URL: z.url().default("https://quickbooks.api.intuit.com"),
  QUICKBOOKS_APP_URL: z.url().default("https://qbo.intuit.com/app/homepage"),
  QUICKBOOKS_WEBHOOK_TOKEN: z.string().min(1).optional(),
  QUICKBOOKS_MINOR_VERSION: z.coerce.number().int().min(1).default(75),
  QUICKBOOKS_RETRY_BASE_MS: z.coerce.number().int().min(1).default(1000),
  QUICKBOOKS_SAFETY_SYNC_MINUTES: z.coerce.number().int().min(0).default(60),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  LOAD_SHED_CONCURRENCY: z.coerce.number().int().min(0).max(1000).optional(),
  LOAD_SHED_MAX_WAIT_MS: z.coerce.number().int().min(1).max(60_000).default(3000),
  RUN_WORKER: boolean.default(true),
  INBOUND_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+$/i, "must be a domain name")
    .optional(),
  INBOUND_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  INBOUND_READ_TIMEOUT_MS: z.coerce.number().int().min(1).max(120_000).default(15_000),
  DRAFT_PROVIDER: z.enum(["composer", "gemini", "openai"]).optional(),
  DRAFT_TIMEOUT_MS: z.coerce.number().int().min(1).max(120_000).default(10_000),
  GEMINI_API_KEY: z.string().min(1).optional(),
  GEMINI_MODEL: z
    .string()
    .regex(/^(?:models\/)?[\w.-]+$/, "must be a model name such as gemini-2.5-flash")
    .default("gemini-2.5-flash"),
  GEMINI_API_URL: httpUrl.default("https://generativelanguage.googleapis.com"),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: httpUrl.default("https://api.openai.com/v1"),
  OPENAI_MODEL: z.string().min(1).default("gpt-4o-mini"),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_URL: z.url().optional(),
  STRIPE_TRIAL_PRICE: z.string().min(1).default("starter_monthly"),
  STRIPE_TEST_CLOCKS: boolean.default(false),
  SUPPORT_EMAIL: z.email().optional(),
});

export type Env = z.infer<typeof envSchema>;

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
  inbound: { domain: string; secret: string } | undefined;
  /** How long reading one inbound message may take; one that takes longer is kept aside unread. */
  inboundReadTimeoutMs: number;
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

export class ConfigError extends Error {}

/** Parses the environment; throws a ConfigError naming each bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const pair = (id: string | undefined, secret: string | undefined, name: string) => {
    if (Boolean(id) !== Boolean(secret)) {
      throw new ConfigError(
        `Invalid environment configuration:\n  ${name}_CLIENT_ID and ${name}_CLIENT_SECRET must be set together`,
      );
    }
  };
  // Several processes (or a production host) must share one secret: a generated one is per DATA_DIR.
  if ((e.DATABASE_URL || e.NODE_ENV === "production") && !e.JWT_SECRET) {
    throw new ConfigError(
      "Invalid environment configuration:\n  JWT_SECRET: must be set when DATABASE_URL is set or NODE_ENV is production",
    );
  }
  pair(e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET, "GOOGLE");
  pair(e.INTUIT_CLIENT_ID, e.INTUIT_CLIENT_SECRET, "INTUIT");
  if (Boolean(e.INBOUND_DOMAIN) !== Boolean(e.INBOUND_SECRET)) {
    throw new ConfigError(
      "Invalid environment configuration:\n  INBOUND_DOMAIN and INBOUND_SECRET must be set together",
    );
  }
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError(
      "Invalid environment configuration:\n  STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together",
    );
  }
  if (e.STRIPE_TEST_CLOCKS && /^(sk|rk)_live_/.test(e.STRIPE_SECRET_KEY ?? "")) {
    // A test clock moves a subscription through time: a live customer's billing must never be on one.
    throw new ConfigError(
      "Invalid environment configuration:\n  STRIPE_TEST_CLOCKS: test clocks exist only in test mode; unset it with a live STRIPE_SECRET_KEY",
    );
  }
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
      // PGlite runs one statement at a time, on the event loop: two at once overlap one request's
      // other work (token checks, password hashing, serialising) with the other's statements; more
      // would only interleave statements. PostgreSQL: twice the pool's 10 connections (db/client.ts).
      concurrency: e.LOAD_SHED_CONCURRENCY ?? (e.DATABASE_URL ? 20 : 2),
      maxWaitMs: e.LOAD_SHED_MAX_WAIT_MS,
    },
    runWorker: e.RUN_WORKER,
    encryptionKey: e.ENCRYPTION_KEY ?? `derived:${e.JWT_SECRET ?? generatedSecret(dataDir)}`,
    inbound: e.INBOUND_DOMAIN ? { domain: e.INBOUND_DOMAIN, secret: e.INBOUND_SECRET! } : undefined,
    inboundReadTimeoutMs: e.INBOUND_READ_TIMEOUT_MS,
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
  };
}

/**
 * The draft writer: DRAFT_PROVIDER when set, else Gemini when its key is set, else an
 * OpenAI-compatible endpoint when its key is set, else the composer alone.
 */
function draftsConfig(e: Env): Config["drafts"] {
  const provider =
    e.DRAFT_PROVIDER ?? (e.GEMINI_API_KEY ? "gemini" : e.OPENAI_API_KEY ? "openai" : "composer");
  const trim = (url: string) => url.replace(/\/+$/, "");
  let model: DraftModelConfig | undefined;
  if (provider === "gemini") {
    if (!e.GEMINI_API_KEY) {
      throw new ConfigError(
        "Invalid environment configuration:\n  GEMINI_API_KEY: must be set when DRAFT_PROVIDER is gemini",
      );
    }
    model = {
      provider,
      apiKey: e.GEMINI_API_KEY,
      baseUrl: trim(e.GEMINI_API_URL),
      model: e.GEMINI_MODEL.replace(/^models\//, ""),
    };
  } else if (provider === "openai") {
    if (!e.OPENAI_API_KEY) {
      throw new ConfigError(
        "Invalid environment configuration:\n  OPENAI_API_KEY: must be set when DRAFT_PROVIDER is openai",
      );
    }
    model = { provider, apiKey: e.OPENAI_API_KEY, baseUrl: trim(e.OPENAI_BASE_URL), model: e.OPENAI_MODEL };
  }
  return { model, timeoutMs: e.DRAFT_TIMEOUT_MS };
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
