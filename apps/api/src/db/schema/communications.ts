import { sql } from "drizzle-orm";
import { date, index, jsonb, pgTable, text, timestamp, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { now } from "./columns.ts";
import { companies } from "./companies.ts";
import { users } from "./identity.ts";
import { reminders } from "./reminders.ts";

export interface StoredAttachment {
  filename: string;
  contentType: string;
  size: number;
}

/** What an inbound message does to the chase (decision 0010); held while its sender is unconfirmed. */
export type InboundEffect =
  | { type: "reply" }
  | { type: "away"; returnDate: string }
  | {
      type: "bounce";
      address: string | null;
      originalMessageId: string | null;
      /** What the bounce said (status and diagnostic); absent on effects stored before it was kept. */
      reason?: string | null;
    };

/**
 * An inbound message held back: from an address that is not the customer's, a contact's or at the
 * customer's domain, a bounce naming an address Recoup did not send the thread to, or a late reply
 * (its thread quiet for longer than reply addresses last). Its effect applies once a user confirms.
 */
export interface SenderCheck {
  state: "unknown" | "confirmed";
  reason: "stranger" | "late";
  effect: InboundEffect | null;
  confirmedBy?: string;
  confirmedAt?: string;
}

/**
 * Every email Recoup sends (automatic and manual reminders, test emails) and every one that comes
 * back (replies, automatic replies, bounces), with its company, invoice and customer. The
 * Message-ID is unique per company and invoice: a relay's retry of the same message is stored
 * once, and a customer's combined reminder (decision 0021) once in each of its invoices' threads.
 */
export const emailMessages = pgTable(
  "email_messages",
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    invoiceQbId: text(),
    customerQbId: text(),
    direction: text({ enum: ["outbound", "inbound"] }).notNull(),
    kind: text({
      enum: [
        "automatic",
        "manual",
        "test",
        "reply",
        "auto_reply",
        "bounce",
        "promise",
        "dispute",
        "update",
        "statement",
      ],
    }).notNull(),
    status: text({ enum: ["queued", "sent", "failed", "bounced", "received"] }).notNull(),
    /** The outbox row an outbound reminder came from. */
    reminderId: uuid().references(() => reminders.id, { onDelete: "set null" }),
    messageId: text().notNull(),
    inReplyTo: text(),
    references: text().array().notNull().default(sql`'{}'::text[]`),
    fromAddress: text().notNull(),
    toAddress: text().notNull(),
    /** Outbound: the addresses copied and blind-copied (comma-separated); BCC is shown to the company only. */
    ccAddress: text().notNull().default(""),
    bccAddress: text().notNull().default(""),
    subject: text().notNull(),
    /** Sanitised with the signature allow-list. */
    html: text(),
    text: text().notNull().default(""),
    /** The text without its quoted history. */
    replyText: text().notNull().default(""),
    attachments: jsonb().$type<StoredAttachment[]>().notNull().default([]),
    /** An automatic reply's return date. */
    returnDate: date(),
    error: text(),
    /** Said of a message that went as it should, e.g. a reminder sent without its invoice's PDF. */
    note: text(),
    /** Null: an outbound message, or an inbound one from a known sender, acted on when it came. */
    senderCheck: jsonb().$type<SenderCheck>(),
    /** SHA-256 of the raw message as received, for a relay's retries. */
    rawSha256: text(),
    sentBy: uuid().references(() => users.id, { onDelete: "set null" }),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: now(),
  },
  (t) => [
    unique("email_messages_message_id").on(t.companyId, t.messageId, t.invoiceQbId).nullsNotDistinct(),
    uniqueIndex("email_messages_reminder").on(t.reminderId),
    index("email_messages_thread").on(t.companyId, t.invoiceQbId, t.at),
    index("email_messages_by_message_id").on(t.messageId),
  ],
);

/** An invoice's conversation: a reply waiting for someone, until marked handled. */
export const invoiceThreads = pgTable(
  "invoice_threads",
  {
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    invoiceQbId: text().notNull(),
    replyWaitingSince: timestamp({ withTimezone: true }),
    handledAt: timestamp({ withTimezone: true }),
    handledBy: uuid().references(() => users.id, { onDelete: "set null" }),
    updatedAt: now(),
  },
  (t) => [uniqueIndex("invoice_threads_pk").on(t.companyId, t.invoiceQbId)],
);
