/**
 * The people Recoup may write to about a customer's invoices (decision 0017): every address in the
 * customer's QuickBooks PrimaryEmailAddr, and those a user adds in Recoup. One row per address and
 * customer (stored lowercase), whoever knows it: a Recoup contact whose address QuickBooks also has
 * is one contact, and keeps its role.
 */
import { sql } from "drizzle-orm";
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { company, now } from "./columns.ts";

export const CONTACT_ROLES = ["billing", "escalation", "copy_always"] as const;

export const customerContacts = pgTable(
  "customer_contacts",
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: company(),
    customerQbId: text().notNull(),
    name: text(),
    /** Lowercase: the same address in another case is the same contact. */
    email: text().notNull(),
    role: text({ enum: CONTACT_ROLES }).notNull().default("billing"),
    /** Who added it first: the sync removes its own once QuickBooks drops the address, never Recoup's. */
    source: text({ enum: ["quickbooks", "recoup"] }).notNull(),
    /** QuickBooks has the address now: it cannot be removed or changed here, only its role and name. */
    inQuickbooks: boolean().notNull().default(false),
    bouncedAt: timestamp({ withTimezone: true }),
    bounceReason: text(),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [
    uniqueIndex("customer_contacts_address").on(t.companyId, t.customerQbId, t.email),
    // A bounce names an address, not a customer.
    index("customer_contacts_email").on(t.companyId, t.email),
    // The dashboard's customers without a usable address.
    index("customer_contacts_usable").on(t.companyId, t.customerQbId).where(sql`${t.bouncedAt} is null`),
  ],
);

/**
 * Every address a hard bounce named (decision 0018), whoever had it (a contact, an invoice's CC, an
 * address a user typed): a reminder is never sent to it again, and says why.
 */
export const addressBounces = pgTable(
  "address_bounces",
  {
    companyId: company(),
    /** Lowercase, as contacts' addresses. */
    email: text().notNull(),
    /** What the bounce said (status and diagnostic), when it said anything. */
    reason: text(),
    bouncedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.email] })],
);
