/**
 * The readers of every connected mailbox, one at a time per mailbox across all processes: a worker
 * takes a mailbox's lease in the database before reading it and renews it while it reads; when a
 * holder dies its lease runs out and another worker takes the mailbox over from the place written.
 */
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { AppContext } from "../../context.ts";
import { MAX_INBOUND_BYTES } from "../../integrations/mail/inbound-mail.ts";
import {
  acquireLease,
  releaseAllLeases,
  releaseLease,
  renewLease,
  unreadMailboxes,
} from "./mailbox.repository.ts";
import { type MailboxIntake, MailboxReader, type ReaderOptions } from "./mailbox-reader.ts";

export interface ReadersOptions extends Partial<ReaderOptions> {
  /** How often leases are renewed and free mailboxes looked for. */
  scanMs?: number;
  /** How long a lease lasts unrenewed: how soon another worker takes over from a dead one. */
  leaseSeconds?: number;
}

export interface MailboxReaders {
  owner: string;
  /** The mailboxes this process reads now. */
  reading(): string[];
  /** Looks for mailboxes to read now (a mailbox was just connected). */
  scan(): Promise<void>;
  /** Stops reading and lets go of the leases (`abandon`: keeps them, as a process that died would). */
  stop(opts?: { abandon?: boolean }): Promise<void>;
}

/**
 * A process that opened the embedded database itself is alone on it: the leases a killed process
 * left are free now, rather than in a minute.
 */
export const releaseAbandonedMailboxes = (ctx: AppContext) => releaseAllLeases(ctx.db);

/** This process's readers; a connect in this process asks them to look at once. */
const live = new Set<MailboxReaders>();
export const nudgeReaders = () => {
  for (const readers of live) void readers.scan();
};

export function startMailboxReaders(
  ctx: AppContext,
  intake: MailboxIntake,
  opts: ReadersOptions = {},
): MailboxReaders {
  const owner = opts.owner ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const scanMs = opts.scanMs ?? 5_000;
  const leaseSeconds = opts.leaseSeconds ?? 60;
  const log = opts.log ?? { warn: console.warn, error: console.error };
  const readerOpts: ReaderOptions = {
    owner,
    pollMs: opts.pollMs ?? ctx.config.mailboxPollSeconds * 1000,
    maxBytes: opts.maxBytes ?? MAX_INBOUND_BYTES,
    log,
  };
  const running = new Map<string, { abort: AbortController; done: Promise<void> }>();
  let stopped = false;
  let abandon = false;
  let busy: Promise<void> = Promise.resolve();

  const start = (companyId: string) => {
    const abort = new AbortController();
    const done = new MailboxReader(ctx, companyId, intake, readerOpts)
      .run(abort.signal)
      .catch((err) => log.error({ err, companyId }, "mailbox: reader stopped"))
      .finally(async () => {
        running.delete(companyId);
        if (abandon) return;
        await releaseLease(ctx.db, companyId, owner).catch(() => {});
        // Its lease was taken away (the mailbox connected anew): read it again at once if free.
        if (!stopped) void scan();
      });
    running.set(companyId, { abort, done });
  };

  const tick = async () => {
    for (const [companyId, reader] of running)
      if (!(await renewLease(ctx.db, companyId, owner, leaseSeconds))) reader.abort.abort();
    for (const companyId of await unreadMailboxes(ctx.db, owner)) {
      if (stopped || running.has(companyId)) continue;
      if (await acquireLease(ctx.db, companyId, owner, leaseSeconds)) start(companyId);
    }
  };
  const scan = () => {
    busy = busy
      .then(() => (stopped ? undefined : tick()))
      .catch((err) => log.warn({ err }, "mailbox: scan failed"));
    return busy;
  };
  const timer = setInterval(scan, scanMs);
  timer.unref();
  const readers: MailboxReaders = {
    owner,
    reading: () => [...running.keys()],
    scan,
    async stop(o = {}) {
      stopped = true;
      abandon = Boolean(o.abandon);
      live.delete(readers);
      clearInterval(timer);
      await busy;
      for (const reader of running.values()) reader.abort.abort();
      await Promise.all([...running.values()].map((r) => r.done));
    },
  };
  live.add(readers);
  void scan();
  return readers;
}
