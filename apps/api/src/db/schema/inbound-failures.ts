import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { companies } from "./companies.ts";
import { bytea } from "./types.ts";

/**
 * A message that came in (from the relay, or a mailbox) but could not be read within the limits:
 * kept as it came, with the reason, for the company's users to download from Communications. Its
 * company is the one its own header names (a reply address or a message of ours it answers), or
 * null when none does. A retry of the same bytes is kept once.
 */
export const inboundFailures = pgTable(
  "inbound_failures",
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid().references(() => companies.id, { onDelete: "cascade" }),
    /** Where it came from: `relay` (POST /v1/inbound/email) or `imap`. */
    source: text({ enum: ["relay", "imap"] }).notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull(),
    reason: text({
      enum: ["too_many_parts", "too_deep", "header_too_large", "too_slow", "malformed", "too_large"],
    }).notNull(),
    detail: text().notNull(),
    /** From its own header, when that could be read. */
    fromAddress: text().notNull().default(""),
    subject: text().notNull().default(""),
    messageId: text(),
    size: integer().notNull(),
    rawSha256: text().notNull(),
    raw: bytea().notNull(),
    dismissedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("inbound_failures_raw").on(t.rawSha256),
    index("inbound_failures_company").on(t.companyId, t.receivedAt),
  ],
);
