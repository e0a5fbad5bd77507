import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { makePrivateDir } from "./lib/private-dir.ts";

/** The one place that reads the environment. A bad value stops the start with its name. */
const boolean = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

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
  RUN_WORKER: boolean.default(true),
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
  runWorker: boolean;
  /** Seals provider tokens at rest. */
  encryptionKey: string;
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
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError(
      "Invalid environment configuration:\n  STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together",
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
    runWorker: e.RUN_WORKER,
    encryptionKey: e.ENCRYPTION_KEY ?? `derived:${e.JWT_SECRET ?? generatedSecret(dataDir)}`,
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

/** For the embedded default: a secret made once and kept under DATA_DIR, so sessions survive restarts. */
function generatedSecret(dataDir: string): string {
  const file = path.join(dataDir, "secret.key");
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    makePrivateDir(dataDir);
    const secret = randomBytes(48).toString("base64url");
    try {
      writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
    } catch {
      // Another process wrote it first: use theirs.
      return readFileSync(file, "utf8").trim();
    }
    return secret;
  }
}
