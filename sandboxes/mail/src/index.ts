import type { BounceInput } from "./compose/bounce.ts";
import type { OutOfOfficeInput } from "./compose/out-of-office.ts";
import type { ReplyInput } from "./compose/reply.ts";
import { startInboxServer } from "./http.ts";
import { type InboundOptions, InboundResponder, type InboundResult } from "./inbound.ts";
import { startSmtpSink } from "./smtp.ts";
import { DEFAULT_CAPACITY, MailStore, type StoredMessage, toJson } from "./store.ts";

export type { BounceInput } from "./compose/bounce.ts";
export type { OutOfOfficeInput } from "./compose/out-of-office.ts";
export type { OutOfOfficeLanguage } from "./compose/out-of-office-wording.ts";
export type { ReplyInput } from "./compose/reply.ts";
export { InboundActionError, type InboundOptions, type InboundResult } from "./inbound.ts";
export { INBOUND_SIGNATURE_HEADER, signInbound, verifyInboundSignature } from "./signature.ts";
export type { GeneratedInfo, InboundKind, MailAttachment, StoredMessage } from "./store.ts";

export interface MailSandboxOptions {
  /** Interface to listen on (default 127.0.0.1). */
  host?: string;
  /** SMTP port (default 1025; 0 picks a free one). */
  smtpPort?: number;
  /** Web inbox and JSON API port (default 8025; 0 picks a free one). */
  httpPort?: number;
  /** How many messages to keep (default 5,000; the oldest are dropped first). */
  capacity?: number;
  /**
   * The app's inbound-email endpoint. When set, the sandbox can answer any stored message as the customer
   * (reply, out-of-office, bounce): in the web inbox, under /api/messages/:id/…, and with the methods below.
   * Each answer is POSTed as `message/rfc822` with `X-Inbound-Signature` and `X-Original-To`.
   */
  inbound?: InboundOptions;
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
  /** Sets or removes the inbound endpoint after start (e.g. once the app listens on its port). */
  setInbound(inbound: InboundOptions | null): void;
  /**
   * The customer replies to message `id` (a stored message's id, not its Message-ID). Each answer is stored
   * (direction "inbound") and resolves with the endpoint's status (null and `error` when it was unreachable);
   * it rejects with an InboundActionError when no inbound endpoint is set (409), `id` is unknown (404) or
   * the input is invalid (400).
   */
  reply(id: string, input?: ReplyInput): Promise<InboundResult>;
  /** The customer's mailbox answers with an out-of-office auto-reply (see `reply` for the outcome). */
  outOfOffice(id: string, input?: OutOfOfficeInput): Promise<InboundResult>;
  /** The customer's mail server bounces the message with a delivery status notification (see `reply`). */
  bounce(id: string, input?: BounceInput): Promise<InboundResult>;
}

export async function startMailSandbox(options: MailSandboxOptions = {}): Promise<MailSandbox> {
  const { host = "127.0.0.1", smtpPort = 1025, httpPort = 8025, capacity = DEFAULT_CAPACITY } = options;
  const store = new MailStore(capacity);
  const responder = new InboundResponder(store, options.inbound);
  const smtp = await startSmtpSink(store, host, smtpPort);
  let inbox: Awaited<ReturnType<typeof startInboxServer>>;
  try {
    inbox = await startInboxServer(store, responder, host, httpPort);
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
    setInbound: (inbound) => {
      responder.inbound = inbound ?? undefined;
    },
    reply: (id, input = {}) => responder.act(id, "reply", input),
    outOfOffice: (id, input = {}) => responder.act(id, "out-of-office", input),
    bounce: (id, input = {}) => responder.act(id, "bounce", input),
    close: async () => {
      await Promise.all([smtp.close(), inbox.close()]);
    },
  };
}
