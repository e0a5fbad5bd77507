import { startInboxServer } from "./http.ts";
import { startSmtpSink } from "./smtp.ts";
import { DEFAULT_CAPACITY, MailStore, type StoredMessage, toJson } from "./store.ts";

export { INBOUND_SIGNATURE_HEADER, signInbound, verifyInboundSignature } from "./signature.ts";
export type { MailAttachment, StoredMessage } from "./store.ts";

export interface MailSandboxOptions {
  /** Interface to listen on (default 127.0.0.1). */
  host?: string;
  /** SMTP port (default 1025; 0 picks a free one). */
  smtpPort?: number;
  /** Web inbox and JSON API port (default 8025; 0 picks a free one). */
  httpPort?: number;
  /** How many messages to keep (default 5,000; the oldest are dropped first). */
  capacity?: number;
}

export interface MailSandbox {
  smtpPort: number;
  httpPort: number;
  /** e.g. smtp://127.0.0.1:1025 */
  smtpUrl: string;
  /** The web inbox, e.g. http://localhost:8025 (the JSON API is under /api/messages). */
  inboxUrl: string;
  /** Stored messages, newest first, optionally only those to one recipient. */
  messages(filter?: { to?: string }): StoredMessage[];
  clear(): void;
  close(): Promise<void>;
}

export async function startMailSandbox(options: MailSandboxOptions = {}): Promise<MailSandbox> {
  const { host = "127.0.0.1", smtpPort = 1025, httpPort = 8025, capacity = DEFAULT_CAPACITY } = options;
  const store = new MailStore(capacity);
  const smtp = await startSmtpSink(store, host, smtpPort);
  let inbox: Awaited<ReturnType<typeof startInboxServer>>;
  try {
    inbox = await startInboxServer(store, host, httpPort);
  } catch (error) {
    await smtp.close();
    throw error;
  }
  const smtpHost = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host;
  return {
    smtpPort: smtp.port,
    httpPort: inbox.port,
    smtpUrl: `smtp://${smtpHost.includes(":") ? `[${smtpHost}]` : smtpHost}:${smtp.port}`,
    inboxUrl: `http://localhost:${inbox.port}`,
    messages: (filter) => store.list(filter).map(toJson),
    clear: () => store.clear(),
    close: async () => {
      await Promise.all([smtp.close(), inbox.close()]);
    },
  };
}
