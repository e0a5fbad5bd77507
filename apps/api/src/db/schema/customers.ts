import { sql } from "drizzle-orm";
import { boolean, index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { customerSearchText } from "./search-text.ts";
import { cents, synced } from "./synced.ts";

export const customers = pgTable(
  "customers",
  {
    ...synced,
    displayName: text().notNull(),
    companyName: text(),
    email: text(),
    phone: text(),
    currency: text().notNull(),
    balanceCents: cents().notNull(),
    active: boolean().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.qbId] }),
    index("customers_company_name").on(t.companyId, t.displayName),
    index("customers_search_trgm").using("gin", sql`(${customerSearchText(t)}) gin_trgm_ops`),
  ],
);
