import { bigint, boolean, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { company, now } from "./columns.ts";

/**
 * A company's own mailbox, read over IMAP for replies (decision 0020). The password rests sealed
 * (AES-256-GCM). The reader's place: the folder's UIDVALIDITY and the last UID taken in, written
 * after each message, so a restart or another worker goes on from there; `readThrough` (the last
 * message's internal date) is where reading starts again when the server renumbers the folder.
 * One reader at a time: the lease, renewed while it reads, taken over once it runs out.
 */
export const companyMailboxes = pgTable("company_mailboxes", {
  companyId: company().primaryKey(),
  host: text().notNull(),
  port: integer().notNull(),
  tls: boolean().notNull(),
  user: text().notNull(),
  /** How the reader logs in: `password` (an app password) today; `xoauth2` can join it. */
  login: text({ enum: ["password"] })
    .notNull()
    .default("password"),
  secretSealed: text().notNull(),
  /** The mailbox's address: reminders' Reply-To. */
  address: text().notNull(),
  folder: text().notNull(),
  moveTo: text(),
  plusAddressing: boolean().notNull(),
  status: text({ enum: ["connected", "error"] }).notNull(),
  connectedAt: now(),
  uidValidity: bigint({ mode: "number" }),
  lastUid: bigint({ mode: "number" }).notNull().default(0),
  readThrough: timestamp({ withTimezone: true }),
  lastReadAt: timestamp({ withTimezone: true }),
  messagesRead: integer().notNull().default(0),
  keptAside: integer().notNull().default(0),
  errorReason: text(),
  errorMessage: text(),
  errorAt: timestamp({ withTimezone: true }),
  leaseOwner: text(),
  leaseUntil: timestamp({ withTimezone: true }),
  updatedAt: now(),
});
