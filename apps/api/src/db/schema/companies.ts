import { bigint, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { bytea } from "./types.ts";

const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const companies = pgTable("companies", {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  type: text().notNull(),
  size: text().notNull(),
  avgInvoices: integer().notNull(),
  timezone: text().notNull().default("UTC"),
  /** BCP 47 locale of the company's emails: dates and money in reminders. */
  locale: text().notNull().default("en-US"),
  logo: bytea(),
  logoType: text(),
  /** Sanitised HTML appended to reminder emails. */
  signature: text().notNull().default(""),
  /** The company's own words on how to pay, shown on the customer page where 'Pay now' is not. */
  howToPay: text().notNull().default(""),
  followUpInterval: text({ enum: ["7", "15", "30"] })
    .notNull()
    .default("7"),
  /**
   * Goes up in every transaction that changes the company's synced records or customer profiles:
   * figures computed from them are cached per version (see lib/company-cache.ts).
   */
  dataVersion: bigint({ mode: "number" }).notNull().default(0),
  createdAt: now(),
  updatedAt: now(),
});

export const emailTemplates = pgTable(
  "email_templates",
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    type: text({ enum: ["before_due_date", "on_due_date", "after_due_date", "missed_promise"] }).notNull(),
    name: text().notNull(),
    subject: text().notNull(),
    content: text().notNull(),
    updatedAt: now(),
  },
  (t) => [uniqueIndex("email_templates_company_type").on(t.companyId, t.type)],
);
