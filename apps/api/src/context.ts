import type { Config } from "./config.ts";
import type { Database, Db, DbOrTx } from "./db/client.ts";
import type { OutgoingEmail } from "./integrations/mail/mailer.ts";
import { createMailer } from "./integrations/mail/mailer.ts";
import { QboApi } from "./integrations/quickbooks/qbo-api.ts";
import { QboAuth } from "./integrations/quickbooks/qbo-auth.ts";
import { safetySyncJob } from "./jobs/qbo-safety-sync.ts";
import { qboSyncJob } from "./jobs/qbo-sync.ts";
import { JobQueue } from "./jobs/queue.ts";
import { SEND_EMAIL, sendEmailJob } from "./jobs/send-email.ts";
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
  qbo: { auth: QboAuth | undefined; api: QboApi; sealer: Sealer };
  /** The clock "today" is read from (company time zone); tests fix it. */
  now: () => Date;
}

/** Queues an email, in the caller's transaction when given one. */
export function enqueueEmail(ctx: AppContext, email: OutgoingEmail, tx?: DbOrTx) {
  return ctx.queue.send(SEND_EMAIL, { sealed: ctx.mailSealer.seal(email) }, { tx });
}

/**
 * The services and the job definitions, the same for the API process and for `worker.ts`, so
 * every process can run every job.
 */
export function createContext(config: Config, database: Database): AppContext {
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    queue: new JobQueue(database),
    tokens: new TokenService(config.jwtSecret, config.appUrl),
    mailSealer: new Sealer(config.jwtSecret, "mail"),
    qbo: {
      auth: config.intuit && new QboAuth(config.intuit, `${config.appUrl}/callback/quickbooks`),
      api: new QboApi({
        baseUrl: config.quickbooks.apiUrl,
        minorVersion: config.quickbooks.minorVersion,
        retryBaseMs: config.quickbooks.retryBaseMs,
      }),
      sealer: new Sealer(config.encryptionKey, "quickbooks-tokens"),
    },
    now: () => new Date(),
  };
  ctx.queue.define(
    sendEmailJob(config.smtpUrl ? createMailer(config.smtpUrl, config.mailFrom) : undefined, ctx.mailSealer),
  );
  ctx.queue.define(qboSyncJob(ctx));
  ctx.queue.define(safetySyncJob(ctx));
  return ctx;
}
