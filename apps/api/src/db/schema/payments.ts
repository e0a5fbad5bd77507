/** Payments and credit memos synced from QuickBooks, and the invoices they pay. */
import { sql } from "drizzle-orm";
import { date, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { company } from "./columns.ts";
import { cents, exchangeRate, synced } from "./synced.ts";

export const payments = pgTable(
  "payments",
  {
    ...synced,
    customerQbId: text().notNull(),
    txnDate: date().notNull(),
    currency: text().notNull(),
    totalCents: cents().notNull(),
    unappliedCents: cents().notNull(),
    exchangeRate: exchangeRate(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.qbId] }),
    index("payments_company_customer").on(t.companyId, t.customerQbId, t.txnDate),
    // Collected in a period and the latest payments, read from the index alone.
    index("payments_company_date")
      .on(t.companyId, t.txnDate, t.qbId, t.currency, t.totalCents, t.exchangeRate)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/** Which invoices a payment or credit memo paid, and how much of each. */
export const paymentApplications = pgTable(
  "payment_applications",
  {
    companyId: company(),
    sourceType: text({ enum: ["Payment", "CreditMemo"] }).notNull(),
    sourceQbId: text().notNull(),
    invoiceQbId: text().notNull(),
    amountCents: cents().notNull(),
    line: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.sourceType, t.sourceQbId, t.line] }),
    index("payment_applications_invoice").on(t.companyId, t.invoiceQbId),
  ],
);

export const creditMemos = pgTable(
  "credit_memos",
  {
    ...synced,
    docNumber: text(),
    customerQbId: text().notNull(),
    txnDate: date().notNull(),
    currency: text().notNull(),
    totalCents: cents().notNull(),
    remainingCents: cents().notNull(),
    exchangeRate: exchangeRate(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.qbId] }),
    index("credit_memos_company_customer").on(t.companyId, t.customerQbId),
  ],
);
