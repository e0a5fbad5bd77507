/** In-memory message store: keeps the most recent messages, newest first when listed. */

export interface MailAttachment {
  filename: string | null;
  contentType: string;
  size: number;
}

export interface StoredMessage {
  id: string;
  /** Address of the From header (falls back to the SMTP envelope sender). */
  from: string;
  /** Addresses of the To header. */
  to: string[];
  cc: string[];
  /** SMTP envelope (MAIL FROM / RCPT TO), which also reveals Bcc recipients. */
  envelope: { from: string; to: string[] };
  subject: string;
  text: string;
  html: string;
  /** Lower-cased header names to their (decoded where possible) values; repeated headers are joined. */
  headers: Record<string, string>;
  messageId: string | null;
  /** The Date header (or the time of receipt), ISO 8601. */
  date: string;
  receivedAt: string;
  attachments: MailAttachment[];
  /**
   * "outbound": mail the app sent, caught by the SMTP sink. "inbound": a reply, auto-reply or bounce the
   * sandbox generated (playing the customer's mailbox) and posted to the app's inbound endpoint.
   */
  direction: "outbound" | "inbound";
  /** For generated ("inbound") messages: what it is, which message it answers, and how the endpoint answered. */
  generated?: GeneratedInfo;
}

export type InboundKind = "reply" | "out-of-office" | "bounce";

export interface GeneratedInfo {
  kind: InboundKind;
  /** The stored id of the message it answers. */
  inResponseTo: string;
  /** The inbound endpoint it was posted to. */
  url: string;
  /** The endpoint's HTTP status, or null when it could not be reached. */
  status: number | null;
  /** Why the POST failed (network error or timeout), when it did. */
  error?: string;
}

export interface StoredMail extends StoredMessage {
  raw: Buffer;
}

export interface ListFilter {
  /** Recipient address, matched case-insensitively against To, Cc and the envelope. */
  to?: string;
}

export const DEFAULT_CAPACITY = 5000;

export class MailStore {
  readonly #messages: StoredMail[] = [];
  readonly #capacity: number;

  constructor(capacity = DEFAULT_CAPACITY) {
    this.#capacity = capacity;
  }

  add(message: StoredMail): void {
    this.#messages.push(message);
    if (this.#messages.length > this.#capacity) {
      this.#messages.splice(0, this.#messages.length - this.#capacity);
    }
  }

  /** Newest first. */
  list(filter: ListFilter = {}): StoredMail[] {
    const to = filter.to?.trim().toLowerCase();
    const result: StoredMail[] = [];
    for (let i = this.#messages.length - 1; i >= 0; i--) {
      const message = this.#messages[i]!;
      if (!to || recipientsOf(message).has(to)) result.push(message);
    }
    return result;
  }

  get(id: string): StoredMail | undefined {
    return this.#messages.find((message) => message.id === id);
  }

  /** Generated messages that answer `id`, oldest first. */
  answersTo(id: string): StoredMail[] {
    return this.#messages.filter((message) => message.generated?.inResponseTo === id);
  }

  latest(): StoredMail | undefined {
    return this.#messages.at(-1);
  }

  get size(): number {
    return this.#messages.length;
  }

  clear(): void {
    this.#messages.length = 0;
  }
}

function recipientsOf(message: StoredMessage): Set<string> {
  return new Set([...message.to, ...message.cc, ...message.envelope.to].map((a) => a.toLowerCase()));
}

/** The public JSON shape (without the raw source). */
export function toJson(message: StoredMail): StoredMessage {
  const { raw: _raw, ...rest } = message;
  return rest;
}
