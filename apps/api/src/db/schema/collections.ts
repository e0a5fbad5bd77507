import { index, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { company, now } from "./columns.ts";
import { users } from "./identity.ts";

/**
 * Notes on an invoice or a customer (by QuickBooks Id). The author's name is kept with the note,
 * so it still reads right after the user is deleted (then `authorId` is null).
 */
export const notes = pgTable(
  "notes",
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: company(),
    type: text({ enum: ["invoice", "customer"] }).notNull(),
    invoiceQbId: text(),
    customerQbId: text(),
    content: text().notNull(),
    authorId: uuid().references(() => users.id, { onDelete: "set null" }),
    authorName: text().notNull(),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [
    index("notes_invoice").on(t.companyId, t.invoiceQbId, t.createdAt),
    index("notes_customer").on(t.companyId, t.customerQbId, t.createdAt),
  ],
);

/** Recoup's own note and tags on a customer (not synced to QuickBooks). */
export const customerProfiles = pgTable(
  "customer_profiles",
  {
    companyId: company(),
    customerQbId: text().notNull(),
    note: text().notNull().default(""),
    tags: text().array().notNull().default([]),
    updatedAt: now(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.customerQbId] })],
);
