/**
 * Holds on an invoice's chase that come from its customer: a promise to pay by a date, and a
 * dispute. Invoices are QuickBooks ids. At most one promise and one dispute are open per invoice;
 * the ended ones stay as the invoice's history.
 */
import { sql } from "drizzle-orm";
import { date, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { company, now } from "./columns.ts";
import { users } from "./identity.ts";

/** Who recorded a promise or a dispute: the customer on their page, a user, or a user from a reply's suggestion. */
const source = () => text({ enum: ["customer_page", "user", "reply"] }).notNull();

/**
 * "I will pay by <date>": no reminder for the invoice through that date (company time zone); the
 * day after, unpaid, the 'Missed Promise' reminder once (`missedAt`: when it was decided), then the
 * schedule again. `endedAt`: changed (a newer row), cancelled, or the invoice was paid.
 */
export const invoicePromises = pgTable(
  "invoice_promises",
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: company(),
    invoiceQbId: text().notNull(),
    customerQbId: text().notNull(),
    promisedFor: date().notNull(),
    note: text(),
    source: source(),
    createdBy: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: now(),
    missedAt: timestamp({ withTimezone: true }),
    endedAt: timestamp({ withTimezone: true }),
    endReason: text({ enum: ["changed", "cancelled"] }),
    endedBy: uuid().references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("invoice_promises_open").on(t.companyId, t.invoiceQbId).where(sql`${t.endedAt} is null`),
    index("invoice_promises_due")
      .on(t.companyId, t.promisedFor)
      .where(sql`${t.endedAt} is null and ${t.missedAt} is null`),
  ],
);

/** The invoice leaves the chase until a user resolves the dispute. */
export const invoiceDisputes = pgTable(
  "invoice_disputes",
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: company(),
    invoiceQbId: text().notNull(),
    customerQbId: text().notNull(),
    reason: text({
      enum: ["wrong_amount", "not_received", "goods_or_service", "already_paid", "other"],
    }).notNull(),
    message: text().notNull(),
    source: source(),
    createdBy: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: now(),
    resolvedAt: timestamp({ withTimezone: true }),
    resolvedBy: uuid().references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("invoice_disputes_open").on(t.companyId, t.invoiceQbId).where(sql`${t.resolvedAt} is null`),
  ],
);
