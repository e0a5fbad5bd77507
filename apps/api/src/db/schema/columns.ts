/** Columns most tables share: a timestamp set on insert, and the company a row belongs to (gone with it). */
import { timestamp, uuid } from "drizzle-orm/pg-core";
import { companies } from "./companies.ts";

export const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const company = () =>
  uuid()
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" });
