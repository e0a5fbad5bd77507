/** Statements of account (decision 0019): the company's monthly setting, and the outbox of statements. */
import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { company, now } from "./columns.ts";
import { users } from "./identity.ts";

/** No row: off. */
export const statementSettings = pgTable("statement_settings", {
  companyId: company().primaryKey(),
  /** Each customer with a balance gets a statement on the first send day of each month. */
  monthly: boolean().notNull().default(false),
  updatedAt: now(),
});

/**
 * The outbox and log of statements emailed: a row is the decision to send, committed with its send
 * job. A monthly one names its month (`YYYY-MM` in the company's zone), and the unique key
 * (company, customer, month) makes it happen once; one sent by hand has no month. The Message-ID is
 * fixed at decision time, so a send repeated after a crash carries the same one.
 */
export const statements = pgTable(
  "statements",
  {
    id: uuid().primaryKey(),
    companyId: company(),
    customerQbId: text().notNull(),
    kind: text({ enum: ["monthly", "manual"] }).notNull(),
    month: text(),
    /** The company's date it was decided on. */
    decidedOn: date().notNull(),
    status: text({ enum: ["queued", "sent", "failed", "cancelled"] })
      .notNull()
      .default("queued"),
    messageId: text().notNull(),
    toAddresses: text().array().notNull(),
    subject: text().notNull().default(""),
    attempts: integer().notNull().default(0),
    error: text(),
    sentBy: uuid().references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp({ withTimezone: true }).notNull(),
    sentAt: timestamp({ withTimezone: true }),
    updatedAt: now(),
  },
  (t) => [
    uniqueIndex("statements_monthly_once")
      .on(t.companyId, t.customerQbId, t.month)
      .where(sql`${t.month} is not null`),
    index("statements_customer").on(t.companyId, t.customerQbId, t.decidedAt),
  ],
);
