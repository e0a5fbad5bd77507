import type { Config } from "./config.ts";
import type { Database, Db, DbOrTx } from "./db/client.ts";
import type { OutgoingEmail } from "./integrations/mail/mailer.ts";
import type { QboApi } from "./integrations/quickbooks/qbo-api.ts";
import type { QboAuth } from "./integrations/quickbooks/qbo-auth.ts";
import type { JobQueue } from "./jobs/queue.ts";
import { SEND_EMAIL } from "./jobs/send-email.ts";
import type { Sealer } from "./lib/seal.ts";
import type { TokenService } from "./modules/auth/tokens.ts";

/** What the services share: built once in app.ts, passed down explicitly. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  queue: JobQueue;
  tokens: TokenService;
  mailSealer: Sealer;
  qbo: { auth: QboAuth | undefined; api: QboApi; sealer: Sealer };
}

/** Queues an email, in the caller's transaction when given one. */
export function enqueueEmail(ctx: AppContext, email: OutgoingEmail, tx?: DbOrTx) {
  return ctx.queue.send(SEND_EMAIL, { sealed: ctx.mailSealer.seal(email) }, { tx });
}
