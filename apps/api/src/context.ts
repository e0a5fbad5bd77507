import type { ErrorCode } from "@recoup/contracts";
import type { Config } from "./config.ts";
import type { Database, Db, DbOrTx } from "./db/client.ts";
import { JobQueue } from "./db/job-queue.ts";
import { createMailer, type Mailer, meteredMailer } from "./integrations/mail/mailer.ts";
import { QboApi } from "./integrations/quickbooks/qbo-api.ts";
import { QboAuth } from "./integrations/quickbooks/qbo-auth.ts";
import { StripeBilling } from "./integrations/stripe/stripe-billing.ts";
import { CompanyCache } from "./lib/company-cache.ts";
import { LinkTokens } from "./lib/link-token.ts";
import { Metrics } from "./lib/metrics.ts";
import { ReplyTokens } from "./lib/reply-token.ts";
import { Sealer } from "./lib/seal.ts";
import { TokenService } from "./lib/tokens.ts";

/** Why reminders may not go now: a subscription that is not valid, or the plan's month used up. */
export interface SendingHold {
  code: ErrorCode;
  message: string;
}

/**
 * The paid plan's say over reminders. Billing provides it where the app is assembled and
 * reminders ask it, so reminders never import billing (which reads reminders' usage).
 */
export interface SendingGate {
  /** Why the company may not send reminders now, or null. */
  hold(companyId: string): Promise<SendingHold | null>;
  /**
   * What the plan still allows this month, for a planning run under the company's lock: the
   * invoices that already count and how many more may be added; null when nothing limits it.
   */
  allowance(db: DbOrTx, companyId: string): Promise<{ counted: Set<string>; left: number } | null>;
}

/** What the assembly plugs in: implementations that live above the modules that use them. */
export interface Ports {
  gate: (ctx: AppContext) => SendingGate;
}

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
  /** The customer page's link tokens (`/pay/<token>`). */
  linkTokens: LinkTokens;
  /** Reply addresses (`reply+<token>@INBOUND_DOMAIN`); undefined without inbound email. */
  replyTokens: ReplyTokens | undefined;
  /** Whether the plan lets reminders go (billing's, plugged in by the assembly). */
  gate: SendingGate;
  /** This app's Prometheus metrics (decision 0024): counted always, served only when configured. */
  metrics: Metrics;
}

/** The services, the same for the API process and for `worker.ts`; `assembly.ts` wires ports and jobs. */
export function createContext(config: Config, database: Database, ports: Ports): AppContext {
  const metrics = new Metrics();
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    queue: new JobQueue(database),
    tokens: new TokenService(config.jwtSecret, config.appUrl),
    mailSealer: new Sealer(config.jwtSecret, "mail"),
    mailer: config.smtpUrl
      ? meteredMailer(createMailer(config.smtpUrl, config.mailFrom), metrics)
      : undefined,
    qbo: {
      auth: config.intuit && new QboAuth(config.intuit, `${config.appUrl}/callback/quickbooks`),
      api: new QboApi({
        baseUrl: config.quickbooks.apiUrl,
        minorVersion: config.quickbooks.minorVersion,
        retryBaseMs: config.quickbooks.retryBaseMs,
        metrics,
      }),
      sealer: new Sealer(config.encryptionKey, "quickbooks-tokens"),
    },
    billing: config.stripe && new StripeBilling(config.stripe),
    now: () => new Date(),
    cache: new CompanyCache(),
    linkTokens: new LinkTokens(config.jwtSecret),
    replyTokens: config.inbound && new ReplyTokens(config.inbound.secret, config.inbound.domain),
    gate: { hold: async () => null, allowance: async () => null },
    metrics,
  };
  ctx.gate = ports.gate(ctx);
  return ctx;
}
