/** An invoice as the lists show it: its columns, its customer's name, and the row read back. */
import type { InvoiceRow, InvoiceStatus } from "@recoup/contracts";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { customers, invoices } from "../../db/schema/index.ts";
import { daysOverdue, invoiceStatus } from "./invoice-terms.repository.ts";

/** The columns of an invoice row; the invoice's own customer name, else the customer's. */
export const invoiceRowColumns = (date: string) => ({
  id: invoices.qbId,
  docNumber: invoices.docNumber,
  customerRef: invoices.customerQbId,
  customerName: sql<string>`coalesce(${invoices.customerName}, ${customers.displayName}, '')`,
  email: invoices.email,
  txnDate: invoices.txnDate,
  dueDate: invoices.dueDate,
  currency: invoices.currency,
  totalCents: invoices.totalCents,
  balanceCents: sql<number>`case when ${invoices.voided} then 0 else ${invoices.balanceCents} end`,
  status: invoiceStatus(date),
  daysOverdue: daysOverdue(date),
});

/** Joins an invoice to its customer (for the name fallback). */
export const invoiceCustomer = and(
  eq(customers.companyId, invoices.companyId),
  eq(customers.qbId, invoices.customerQbId),
);

/** The rows of a statement written in SQL (both drivers answer `{ rows }`). */
export const rowsOf = async (db: DbOrTx, query: SQL) =>
  ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

/** Drivers differ on bigint and numeric (string, bigint or number): amounts here stay below 2^53 cents. */
export const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

export const toInvoiceRow = (
  r: {
    [K in keyof ReturnType<typeof invoiceRowColumns>]: unknown;
  },
): InvoiceRow => ({
  id: String(r.id),
  docNumber: (r.docNumber as string | null) ?? null,
  customerRef: String(r.customerRef),
  customerName: String(r.customerName),
  email: (r.email as string | null) ?? null,
  txnDate: String(r.txnDate),
  dueDate: (r.dueDate as string | null) ?? null,
  currency: String(r.currency),
  totalCents: num(r.totalCents),
  balanceCents: num(r.balanceCents),
  status: r.status as InvoiceStatus,
  daysOverdue: num(r.daysOverdue),
  // Filled by the reminders module for the rows it is asked about (with the holds).
  lastReminder: null,
  nextReminder: null,
  needsCall: false,
  remindersPaused: null,
  promise: null,
  dispute: null,
});
