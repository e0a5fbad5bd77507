import { sql } from "drizzle-orm";
import { boolean, date, index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { invoiceSearchText } from "./search-text.ts";
import { cents, exchangeRate, synced } from "./synced.ts";

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export const invoices = pgTable(
  "invoices",
  {
    ...synced,
    docNumber: text(),
    customerQbId: text().notNull(),
    customerName: text(),
    txnDate: date().notNull(),
    dueDate: date(),
    currency: text().notNull(),
    totalCents: cents().notNull(),
    balanceCents: cents().notNull(),
    /** BillEmail, BillEmailCc and BillEmailBcc as QuickBooks sends them (comma-separated lists). */
    email: text(),
    billEmailCc: text(),
    billEmailBcc: text(),
    voided: boolean().notNull().default(false),
    exchangeRate: exchangeRate(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.qbId] }),
    index("invoices_company_customer").on(t.companyId, t.customerQbId),
    index("invoices_company_due_open")
      .on(t.companyId, t.dueDate)
      .where(sql`${t.balanceCents} > 0 and ${t.deletedAt} is null`),
    index("invoices_company_doc").on(t.companyId, t.docNumber),
    // The invoice list: one index per sort, live rows only, ending in the tie-break.
    ...(["docNumber", "customerName", "txnDate", "dueDate", "totalCents", "balanceCents"] as const).map(
      (key) =>
        index(`invoices_list_${snake(key)}`)
          .on(t.companyId, t[key], t.qbId)
          .where(sql`${t.deletedAt} is null`),
    ),
    // Customers, aging and dashboard: every open balance of a company, read from the index alone.
    index("invoices_open_by_customer")
      .on(t.companyId, t.customerQbId, t.currency, t.dueDate, t.balanceCents, t.exchangeRate)
      .where(sql`${t.balanceCents} > 0 and ${t.deletedAt} is null and not ${t.voided}`),
    // The dashboard's sales by date (DSO, CEI), read from the index alone.
    index("invoices_sales")
      .on(t.companyId, t.txnDate, t.currency, t.totalCents, t.exchangeRate, t.balanceCents, t.qbId)
      .where(sql`${t.deletedAt} is null and not ${t.voided}`),
    // Recent activity: the latest voided invoices.
    index("invoices_voided")
      .on(t.companyId, t.qbUpdatedAt)
      .where(sql`${t.voided} and ${t.deletedAt} is null`),
    index("invoices_search_trgm").using("gin", sql`(${invoiceSearchText(t)}) gin_trgm_ops`),
  ],
);
