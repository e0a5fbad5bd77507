import {
  errorCodes,
  type MailboxConnection,
  type MailboxConnectRequest,
  type MailboxFailure,
  mailboxConnectRequestSchema,
  mailboxSupportsPlus,
} from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import { MailboxError } from "../../integrations/imap/imap-failure.ts";
import { ImapSession } from "../../integrations/imap/imap-session.ts";
import { passwordLogin } from "../../integrations/imap/mailbox-login.ts";
import { AppError, badRequest } from "../../lib/errors.ts";
import { failureMessage } from "./failure-message.ts";
import { deleteMailbox, findMailbox, type MailboxRow, saveMailbox } from "./mailbox.repository.ts";
import { mailboxSealer, mailboxTokens, type SealedSecret } from "./mailbox-keys.ts";
import { nudgeReaders } from "./mailbox-readers.ts";

/**
 * 'Connect a mailbox': tried first (DNS, connection, TLS, login, the folder and the folder to move
 * replies to), then saved with the password sealed. Reading starts at the folder's UIDNEXT now, so
 * only mail that arrives after connecting is read, however many messages the folder holds.
 */
export async function connectMailbox(ctx: AppContext, companyId: string, input: MailboxConnectRequest) {
  const req = mailboxConnectRequestSchema.parse(input);
  const address = req.address ?? (req.user.includes("@") ? req.user : null);
  if (!address) throw badRequest("Enter the mailbox's email address: replies to reminders go to it.");
  let session: ImapSession;
  try {
    session = await ImapSession.open(
      { host: req.host, port: req.port, tls: req.tls },
      passwordLogin(req.user, req.password),
      req.folder,
      { readOnly: true, alsoCheck: req.moveTo ?? null, timeoutMs: 15_000 },
    );
  } catch (error) {
    if (!(error instanceof MailboxError)) throw error;
    throw new AppError(422, errorCodes.mailboxCheckFailed, failureMessage(error.reason, req.host), {
      reason: error.reason,
      server: error.serverText ?? error.message,
    });
  }
  const { uidValidity, uidNext } = session.folder;
  await session.close();
  await saveMailbox(ctx.db, {
    companyId,
    host: req.host,
    port: req.port,
    tls: req.tls,
    user: req.user,
    login: "password",
    secretSealed: mailboxSealer(ctx).seal({ password: req.password } satisfies SealedSecret),
    address: address.toLowerCase(),
    folder: req.folder,
    moveTo: req.moveTo ?? null,
    plusAddressing: req.plusAddressing ?? mailboxSupportsPlus(req.host),
    status: "connected",
    connectedAt: ctx.now(),
    uidValidity,
    lastUid: uidNext - 1,
  });
  nudgeReaders();
  return mailboxStatus(ctx, companyId);
}

/** Stops reading the mailbox (its reader lets go at its next step) and forgets the password. */
export async function disconnectMailbox(ctx: AppContext, companyId: string) {
  return deleteMailbox(ctx.db, companyId);
}

const view = (ctx: AppContext, row: MailboxRow): MailboxConnection => ({
  status: row.status,
  host: row.host,
  port: row.port,
  tls: row.tls,
  user: row.user,
  address: row.address,
  folder: row.folder,
  moveTo: row.moveTo,
  plusAddressing: row.plusAddressing,
  replyTo: row.plusAddressing
    ? (mailboxTokens(ctx).plusAddress(row.companyId, "1042", row.address) ?? row.address)
    : row.address,
  connectedAt: row.connectedAt.toISOString(),
  lastReadAt: row.lastReadAt?.toISOString() ?? null,
  messagesRead: row.messagesRead,
  keptAside: row.keptAside,
  error:
    row.errorReason && row.errorMessage && row.errorAt
      ? {
          reason: row.errorReason as MailboxFailure,
          message: row.errorMessage,
          at: row.errorAt.toISOString(),
        }
      : null,
});

export async function mailboxStatus(ctx: AppContext, companyId: string) {
  const row = await findMailbox(ctx.db, companyId);
  return { mailbox: row ? view(ctx, row) : null };
}
