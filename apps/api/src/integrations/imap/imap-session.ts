/**
 * One IMAP connection to a company's mailbox, with one folder selected: the only code that speaks
 * IMAP (through imapflow). It reads by UID only, never sets a flag (BODY.PEEK), and writes nothing
 * to the mailbox but a MOVE the caller asks for.
 */
import { ImapFlow } from "imapflow";
import { detailOf, failureOf, MailboxError } from "./imap-failure.ts";
import type { MailboxLogin } from "./mailbox-login.ts";

export interface MailboxServer {
  host: string;
  port: number;
  /** TLS from the first byte; off: STARTTLS when the server offers it. */
  tls: boolean;
}

/** The selected folder as SELECT reported it. */
export interface FolderState {
  uidValidity: number;
  /** The UID the next message will get: every message there now has a lower one. */
  uidNext: number;
  exists: number;
}

/** What is known of a message before its bytes are read. */
export interface MessageMeta {
  uid: number;
  size: number;
  internalDate: Date;
}

export interface SessionOptions {
  /** EXAMINE instead of SELECT: nothing can change the folder (no folder to move replies to). */
  readOnly: boolean;
  /** For connecting, the greeting and each answer. */
  timeoutMs?: number;
  /** A folder that must exist too (where replies are moved to). */
  alsoCheck?: string | null;
}

const describe = (error: unknown, step: string) => {
  const reason = failureOf(error);
  return new MailboxError(reason, `${step}: ${detailOf(error)}`, detailOf(error));
};

export class ImapSession {
  #changed = new Set<() => void>();
  #closed = false;
  /** A new message was reported since the last wait began. */
  #pending = false;

  private constructor(
    private readonly client: ImapFlow,
    readonly folder: FolderState,
  ) {
    client.on("exists", () => {
      this.#pending = true;
      this.#wake();
    });
    client.on("close", () => {
      this.#closed = true;
      this.#wake();
    });
    // Emitted at most once, then the connection closes: `closed` tells the reader.
    client.on("error", () => {});
  }

  /** Connects, logs in and selects `folder`; a MailboxError says which step failed. */
  static async open(
    server: MailboxServer,
    login: MailboxLogin,
    folder: string,
    opts: SessionOptions,
  ): Promise<ImapSession> {
    const timeout = opts.timeoutMs ?? 20_000;
    const client = new ImapFlow({
      host: server.host,
      port: server.port,
      secure: server.tls,
      auth: { user: login.user, ...(await login.credentials()) },
      logger: false,
      clientInfo: { name: "Recoup" },
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: 10 * 60_000,
      disableAutoIdle: true,
      // Servers drop a session idle for 30 minutes (RFC 9051); restart IDLE well inside that.
      maxIdleTime: 5 * 60_000,
    });
    client.on("error", () => {});
    try {
      await client.connect();
    } catch (error) {
      client.close();
      throw describe(error, "Connecting");
    }
    try {
      if (opts.alsoCheck) {
        const other = await client.status(opts.alsoCheck, { messages: true }).catch((e: unknown) => {
          if (failureOf(e) === "folder" || (e as { responseStatus?: string }).responseStatus === "NO")
            return false;
          throw e;
        });
        if (!other) throw new MailboxError("folder", `The folder "${opts.alsoCheck}" does not exist.`);
      }
      const box = await client.mailboxOpen(folder, { readOnly: opts.readOnly }).catch((e: unknown) => {
        if ((e as { responseStatus?: string }).responseStatus === "NO" || failureOf(e) === "folder")
          throw new MailboxError("folder", `The folder "${folder}" does not exist.`, detailOf(e));
        throw e;
      });
      return new ImapSession(client, {
        uidValidity: Number(box.uidValidity),
        uidNext: box.uidNext,
        exists: box.exists,
      });
    } catch (error) {
      await client.logout().catch(() => client.close());
      throw error instanceof MailboxError ? error : describe(error, "Opening the folder");
    }
  }

  get closed() {
    return this.#closed || !this.client.usable;
  }

  /** The UIDs of messages that arrived on or after `day` (SEARCH SINCE: whole days, server time). */
  async uidsSince(day: Date): Promise<number[]> {
    const since = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() - 1));
    const found = await this.client.search({ since }, { uid: true });
    return (found || []).sort((a, b) => a - b);
  }

  /** Size and arrival of the messages in a UID range (`from:*`, or a set), lowest UID first. */
  async list(range: string): Promise<MessageMeta[]> {
    const rows = await this.client.fetchAll(
      range,
      { uid: true, size: true, internalDate: true },
      { uid: true },
    );
    const now = this.client.mailbox ? Number(this.client.mailbox.uidValidity) : this.folder.uidValidity;
    // The server renumbered the folder under this session: its UIDs mean nothing now; start again.
    if (now !== this.folder.uidValidity)
      throw new MailboxError("protocol", "The server renumbered the folder (a new UIDVALIDITY).");
    return rows
      .map((m) => ({
        uid: m.uid,
        size: m.size ?? 0,
        internalDate: m.internalDate instanceof Date ? m.internalDate : new Date(m.internalDate ?? 0),
      }))
      .sort((a, b) => a.uid - b.uid);
  }

  /** The message as it came; null when it is gone (expunged meanwhile). */
  async source(uid: number): Promise<Buffer | null> {
    const m = await this.client.fetchOne(String(uid), { source: true }, { uid: true });
    return m ? (m.source ?? null) : null;
  }

  /** Its header block alone (for a message too large to read). */
  async header(uid: number): Promise<Buffer | null> {
    const m = await this.client.fetchOne(String(uid), { headers: true }, { uid: true });
    return m ? (m.headers ?? null) : null;
  }

  async move(uid: number, to: string): Promise<boolean> {
    return Boolean(await this.client.messageMove(String(uid), to, { uid: true }));
  }

  /**
   * Waits in IDLE until the server reports a new message, `ms` pass (the poll that also covers
   * servers without IDLE and lost notifications), `signal` aborts, or the connection closes.
   */
  async waitForChange(ms: number, signal: AbortSignal): Promise<void> {
    if (this.closed || signal.aborted || this.#pending) {
      this.#pending = false;
      return;
    }
    let wake!: () => void;
    const woken = new Promise<void>((resolve) => {
      wake = resolve;
    });
    this.#changed.add(wake);
    const timer = setTimeout(wake, ms);
    signal.addEventListener("abort", wake, { once: true });
    // IDLE ends when the next command is sent; its own promise is not waited for.
    this.client.idle().catch(() => {});
    try {
      await woken;
    } finally {
      clearTimeout(timer);
      signal.removeEventListener("abort", wake);
      this.#changed.delete(wake);
      this.#pending = false;
    }
  }

  #wake() {
    for (const wake of this.#changed) wake();
  }

  async close() {
    if (this.#closed) return;
    this.#closed = true;
    await this.client.logout().catch(() => this.client.close());
  }
}
