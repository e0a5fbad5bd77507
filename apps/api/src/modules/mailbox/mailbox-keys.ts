/** The mailbox's keys: its password sealed at rest, and the tokens its plus-addresses carry. */
import type { AppContext } from "../../context.ts";
import { passwordLogin } from "../../integrations/imap/mailbox-login.ts";
import { ReplyTokens } from "../../lib/reply-token.ts";
import { Sealer } from "../../lib/seal.ts";
import type { MailboxRow } from "./mailbox.repository.ts";

const sealers = new Map<string, Sealer>();
const tokens = new Map<string, ReplyTokens>();

/** One instance per key, made on first use. */
function once<T>(cache: Map<string, T>, key: string, make: () => T): T {
  const found = cache.get(key);
  if (found) return found;
  const made = make();
  cache.set(key, made);
  return made;
}

/** AES-256-GCM under ENCRYPTION_KEY, as QuickBooks' tokens rest, with a key of its own purpose. */
export function mailboxSealer(ctx: AppContext) {
  const key = ctx.config.encryptionKey;
  return once(sealers, key, () => new Sealer(key, "mailbox-secrets"));
}

/** Plus-address tokens: signed with a key of their own, so they verify whatever INBOUND_* says. */
export function mailboxTokens(ctx: AppContext) {
  const secret = `mailbox:${ctx.config.jwtSecret}`;
  return once(tokens, secret, () => new ReplyTokens(secret, ""));
}

/** What the password sealed at rest becomes when the reader logs in. */
export interface SealedSecret {
  password: string;
}

export const loginOf = (ctx: AppContext, row: Pick<MailboxRow, "user" | "secretSealed">) =>
  passwordLogin(row.user, mailboxSealer(ctx).open<SealedSecret>(row.secretSealed).password);
