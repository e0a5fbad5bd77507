/** The columns every record synced from QuickBooks has, and the types of its amounts. */
import { bigint, numeric, text, timestamp } from "drizzle-orm/pg-core";
import { company, now } from "./columns.ts";

export const cents = () => bigint({ mode: "number" });

/** QuickBooks' ExchangeRate (home currency per unit of the record's currency); null in the home currency. */
export const exchangeRate = () => numeric();

export const synced = {
  companyId: company(),
  realmId: text().notNull(),
  qbId: text().notNull(),
  syncToken: text().notNull(),
  qbUpdatedAt: timestamp({ withTimezone: true }).notNull(),
  deletedAt: timestamp({ withTimezone: true }),
  syncedAt: now(),
};
