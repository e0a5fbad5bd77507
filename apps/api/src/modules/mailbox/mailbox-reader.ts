/**
 * Reads one company's mailbox while this process holds its lease: every message that arrives in
 * the folder goes through the inbound pipeline once, in UID order, and the place (UIDVALIDITY, last
 * UID) is written after each, so a restart or another worker goes on from there. It waits in IDLE
 * between messages, with a poll as the fallback, and reconnects with a growing pause after a failure.
 */
import type { MailboxFailure } from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import { failureOf, MailboxError } from "../../integrations/imap/imap-failure.ts";
import { ImapSession, type MessageMeta } from "../../integrations/imap/imap-session.ts";
import { failureMessage } from "./failure-message.ts";
import { advance, heldMailbox, type MailboxRow, markFailed, markRead } from "./mailbox.repository.ts";
import { loginOf } from "./mailbox-keys.ts";
import type { MailboxScope } from "./reply-address.ts";

/** What became of a message handed to the pipeline. */
export type IntakeOutcome = "threaded" | "duplicate" | "unmatched" | "kept_aside";

/** The inbound pipeline, as the assembly plugs it in (communications sits above this module). */
export interface MailboxIntake {
  take(raw: Buffer, scope: MailboxScope): Promise<IntakeOutcome>;
  /** Keeps aside, by its header alone, a message larger than the pipeline reads; false: it was already. */
  tooLarge(header: Buffer, size: number, limit: number, scope: MailboxScope): Promise<boolean>;
}

export interface ReaderOptions {
  owner: string;
  /** How long to wait in IDLE before looking anyway. */
  pollMs: number;
  /** Messages larger than this are kept aside by their header, unread. */
  maxBytes: number;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

const DAY = 86_400_000;

/** `1:3,7,9:12` for these UIDs (sorted), so a SEARCH result is fetched in one short command. */
export function uidSet(uids: number[]) {
  const parts: string[] = [];
  for (let i = 0; i < uids.length; ) {
    let j = i;
    while (j + 1 < uids.length && uids[j + 1] === uids[j]! + 1) j++;
    parts.push(i === j ? String(uids[i]) : `${uids[i]}:${uids[j]}`);
    i = j + 1;
  }
  return parts.join(",");
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/** Whether an error came from the mailbox's side (IMAP, the socket, TLS, DNS), not from Recoup's. */
const fromMailbox = (error: unknown): MailboxFailure | null => {
  if (error instanceof MailboxError) return error.reason;
  const e = error as { code?: unknown; responseStatus?: unknown; authenticationFailed?: unknown };
  return typeof e?.code === "string" || e?.responseStatus || e?.authenticationFailed
    ? failureOf(error)
    : null;
};

export class MailboxReader {
  constructor(
    private readonly ctx: AppContext,
    private readonly companyId: string,
    private readonly intake: MailboxIntake,
    private readonly opts: ReaderOptions,
  ) {}

  /** Runs until `signal` aborts or the lease is lost (taken over, or the mailbox disconnected). */
  async run(signal: AbortSignal) {
    let failures = 0;
    while (!signal.aborted) {
      const row = await heldMailbox(this.ctx.db, this.companyId, this.opts.owner);
      if (!row) return;
      let session: ImapSession | undefined;
      try {
        session = await ImapSession.open(row, loginOf(this.ctx, row), row.folder, { readOnly: !row.moveTo });
        while (!signal.aborted && !session.closed) {
          if (!(await this.readNew(session, signal))) return;
          failures = 0;
          await markRead(this.ctx.db, this.companyId, this.opts.owner, this.ctx.now());
          await session.waitForChange(this.opts.pollMs, signal);
        }
        // The server closed the connection (a restart, an idle limit): connect again, after a pause.
        if (!signal.aborted) failures++;
      } catch (error) {
        if (signal.aborted) return;
        const reason = fromMailbox(error);
        const fields = { err: error, companyId: this.companyId };
        if (reason) {
          this.opts.log.warn(fields, "mailbox: reading failed, trying again");
          await markFailed(this.ctx.db, this.companyId, this.opts.owner, {
            reason,
            message: failureMessage(reason, row.host),
            at: this.ctx.now(),
          }).catch(() => {});
        } else this.opts.log.error(fields, "mailbox: a message could not be taken in, trying again");
        failures++;
      } finally {
        await session?.close();
      }
      if (failures > 0) await sleep(Math.min(5 * 60_000, 1000 * 2 ** Math.min(failures, 9)), signal);
    }
  }

  /** Takes in every message after the place; false when the lease was lost. */
  private async readNew(session: ImapSession, signal: AbortSignal) {
    const row = await heldMailbox(this.ctx.db, this.companyId, this.opts.owner);
    if (!row) return false;
    const { uidValidity } = session.folder;
    const scope = { companyId: this.companyId, address: row.address };
    let lastUid = row.lastUid;
    if (row.uidValidity !== uidValidity) {
      const since = await this.messagesSince(session, row);
      // The old place stays until all of them are in: a restart meanwhile starts again from the last one.
      const place = { uidValidity: row.uidValidity, lastUid: row.lastUid };
      if (!(await this.takeAll(session, since, row, scope, signal, place))) return false;
      if (signal.aborted) return true;
      lastUid = Math.max(session.folder.uidNext - 1, since.at(-1)?.uid ?? 0);
      if (!(await advance(this.ctx.db, this.companyId, this.opts.owner, { uidValidity, lastUid })))
        return false;
    }
    const arrived = (await session.list(`${lastUid + 1}:*`)).filter((m) => m.uid > lastUid);
    return this.takeAll(session, arrived, row, scope, signal);
  }

  /**
   * Takes these messages in, in order, writing the place after each (the UID as the last one read,
   * unless `keep` holds the place where it is); false when the lease was lost.
   */
  private async takeAll(
    session: ImapSession,
    messages: MessageMeta[],
    row: MailboxRow,
    scope: MailboxScope,
    signal: AbortSignal,
    keep?: { uidValidity: number | null; lastUid: number },
  ) {
    for (const message of messages) {
      if (signal.aborted) return true;
      const outcome = await this.takeOne(session, message, row, scope);
      const moved = await advance(this.ctx.db, this.companyId, this.opts.owner, {
        ...(keep ?? { uidValidity: session.folder.uidValidity, lastUid: message.uid }),
        readThrough: message.internalDate,
        read: outcome === "threaded" ? 1 : 0,
        keptAside: outcome === "kept_aside" ? 1 : 0,
      });
      if (!moved) return false;
    }
    return true;
  }

  /**
   * In a folder whose UIDs are not the ones remembered (the server renumbered it, or no place was
   * written), the messages to read: those that arrived since the last one read (a day earlier, as
   * SEARCH SINCE counts whole days and clocks differ), else since connecting. Only those are
   * listed, so a folder of 10,000 old messages costs one SEARCH, and old messages a migration put
   * in with new UIDs are not read; messages read before are not stored twice (Message-ID).
   */
  private async messagesSince(session: ImapSession, row: MailboxRow) {
    const from =
      row.uidValidity === null
        ? row.connectedAt
        : new Date((row.readThrough ?? row.connectedAt).getTime() - DAY);
    const uids = await session.uidsSince(from);
    const listed = uids.length > 0 ? await session.list(uidSet(uids)) : [];
    return listed.filter((m) => m.internalDate >= from);
  }

  private async takeOne(session: ImapSession, message: MessageMeta, row: MailboxRow, scope: MailboxScope) {
    if (message.size > this.opts.maxBytes) {
      const header = await session.header(message.uid);
      if (!header) return "unmatched";
      const kept = await this.intake.tooLarge(header, message.size, this.opts.maxBytes, scope);
      return kept ? "kept_aside" : "unmatched";
    }
    const raw = await session.source(message.uid);
    if (!raw) return "unmatched";
    const outcome = await this.intake.take(raw, scope);
    if (row.moveTo && (outcome === "threaded" || outcome === "duplicate"))
      await session.move(message.uid, row.moveTo);
    return outcome;
  }
}
