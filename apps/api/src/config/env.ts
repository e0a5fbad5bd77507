import { z } from "zod";

/** The environment's variables and their checks: a bad value stops the start with its name. */
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
  PGLITE_THREAD: boolean.default(true),
  INBOUND_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+$/i, "must be a domain name")
    .optional(),
  INBOUND_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  INBOUND_SENDGRID_AUTH: z
    .string()
    .regex(/^[^:]+:.{16,}$/, "must be user:password, the password at least 16 characters")
    .optional(),
  INBOUND_MAILGUN_SIGNING_KEY: z.string().min(16, "must be at least 16 characters").optional(),
  INBOUND_POSTMARK_AUTH: z
    .string()
    .regex(/^[^:]+:.{16,}$/, "must be user:password, the password at least 16 characters")
    .optional(),
  INBOUND_READ_TIMEOUT_MS: z.coerce.number().int().min(1).max(120_000).default(15_000),
  MAILBOX_POLL_SECONDS: z.coerce.number().min(0.05).max(3600).default(60),
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
  METRICS_TOKEN: z
    .string()
    .min(32, "must be at least 32 characters (a bearer token for /metrics: openssl rand -hex 32)")
    .optional(),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
});

export type Env = z.infer<typeof envSchema>;

export class ConfigError extends Error {}

/** A ConfigError naming the bad variables, one a line. */
export const invalidEnv = (...lines: string[]) =>
  new ConfigError(`Invalid environment configuration:\n${lines.map((line) => `  ${line}`).join("\n")}`);

/** Parses the environment; throws a ConfigError naming each bad variable. */
export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success)
    throw invalidEnv(...parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`));
  return parsed.data;
}
