/** The customer page: the links emails carry. Invoices and customers are QuickBooks ids. */
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { companies } from "./companies.ts";

const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const company = () =>
  uuid()
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" });

/**
 * One link per email: `/pay/<id>.<signature>`. The row says whose page it opens and until when;
 * a customer deleted in QuickBooks or a company that disconnects revokes its links.
 */
export const customerLinks = pgTable(
  "customer_links",
  {
    id: uuid().primaryKey(),
    companyId: company(),
    customerQbId: text().notNull(),
    /** The invoice the email was about: first on the page, and marked. */
    invoiceQbId: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: now(),
  },
  (t) => [index("customer_links_customer").on(t.companyId, t.customerQbId)],
);
