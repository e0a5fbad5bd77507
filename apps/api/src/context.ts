import type { Config } from "./config.ts";
import type { Database, Db } from "./db/client.ts";
import { createMailer, type Mailer } from "./integrations/mail/mailer.ts";
import { QboApi } from "./integrations/quickbooks/qbo-api.ts";
import { QboAuth } from "./integrations/quickbooks/qbo-auth.ts";
import { StripeBilling } from "./integrations/stripe/stripe-billing.ts";
import { CompanyCache } from "./lib/company-cache.ts";
import { JobQueue } from "./lib/job-queue.ts";
import { ReplyTokens } from "./lib/reply-token.ts";
import { Sealer } from "./lib/seal.ts";
import { TokenService } from "./modules/auth/tokens.ts";

/** What the services share: built once in app.ts, passed down explicitly. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  queue: JobQueue;
  tokens: TokenService;
  mailSealer: Sealer;
  /** The pooled SMTP client; undefined without SMTP_URL (emails then wait and retry). */
  mailer: Mailer | undefined;
  qbo: { auth: QboAuth | undefined; api: QboApi; sealer: Sealer };
  /** The payment provider; undefined when billing is off (no STRIPE_SECRET_KEY): no gate, no limits. */
  billing: StripeBilling | undefined;
  /** The clock "today" is read from (company time zone); tests fix it. */
  now: () => Date;
  /** Figures computed from synced records, per company and data version. */
  cache: CompanyCache;
  /** Reply addresses (`reply+<token>@INBOUND_DOMAIN`); undefined without inbound email. */
  replyTokens: ReplyTokens | undefined;
}

/** The services, the same for the API process and for `worker.ts`; jobs are registered by `jobs/index.ts`. */
export function createContext(config: Config, database: Database): AppContext {
  return {
    config,
    database,
    db: database.db,
    queue: new JobQueue(database),
    tokens: new TokenService(config.jwtSecret, config.appUrl),
    mailSealer: new Sealer(config.jwtSecret, "mail"),
    mailer: config.smtpUrl ? createMailer(config.smtpUrl, config.mailFrom) : undefined,
    qbo: {
      auth: config.intuit && new QboAuth(config.intuit, `${config.appUrl}/callback/quickbooks`),
      api: new QboApi({
        baseUrl: config.quickbooks.apiUrl,
        minorVersion: config.quickbooks.minorVersion,
        retryBaseMs: config.quickbooks.retryBaseMs,
      }),
      sealer: new Sealer(config.encryptionKey, "quickbooks-tokens"),
    },
    billing: config.stripe && new StripeBilling(config.stripe),
    now: () => new Date(),
    cache: new CompanyCache(),
    replyTokens: config.inbound && new ReplyTokens(config.inbound.secret, config.inbound.domain),
  };
}
