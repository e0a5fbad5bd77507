/** The invoices reminders read: the ones the schedule may chase, one or several as they are now, a preview's. */
import type { TemplateType } from "@recoup/contracts";
import { and, eq, gte, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { customers, invoices } from "../../db/schema/index.ts";
import { liveInvoices, openBalance } from "../receivables/index.ts";

const invoiceColumns = {
  id: invoices.qbId,
  docNumber: invoices.docNumber,
  customerRef: invoices.customerQbId,
  customerName: sql<string>`coalesce(${invoices.customerName}, ${customers.displayName}, '')`,
  email: invoices.email,
  currency: invoices.currency,
  balanceCents: invoices.balanceCents,
  dueDate: invoices.dueDate,
  voided: invoices.voided,
  deleted: sql<boolean>`${invoices.deletedAt} is not null`,
};
export type InvoiceForReminder = {
  [K in keyof typeof invoiceColumns]: K extends "deleted" | "voided"
    ? boolean
    : K extends "balanceCents"
      ? number
      : K extends "customerName" | "id" | "customerRef" | "currency"
        ? string
        : string | null;
};
const customerJoin = and(
  eq(customers.companyId, invoices.companyId),
  eq(customers.qbId, invoices.customerQbId),
);
/**
 * The invoices the schedule may chase: live, with a balance, not voided, with a due date and an
 * address (read from the `invoices_company_due_open` index). With `ids`, only those.
 */
export function remindableInvoices(db: DbOrTx, companyId: string, ids?: string[]) {
  return selectRemindable(db, companyId, ids ? inArray(invoices.qbId, ids) : undefined) as Promise<
    InvoiceForReminder[]
  >;
}
const selectRemindable = (db: DbOrTx, companyId: string, also?: SQL) =>
  db
    .select(invoiceColumns)
    .from(invoices)
    .leftJoin(customers, customerJoin)
    .where(
      and(liveInvoices(companyId), openBalance, isNotNull(invoices.dueDate), isNotNull(invoices.email), also),
    )
    .$dynamic();
/** One invoice as it is now (paid, voided or deleted included). */
export async function findInvoice(db: DbOrTx, companyId: string, invoiceId: string) {
  const [row] = (await db
    .select(invoiceColumns)
    .from(invoices)
    .leftJoin(customers, customerJoin)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.qbId, invoiceId)))) as InvoiceForReminder[];
  return row;
}
/**
 * The open invoice with an address that a template's preview is shown with, one its stage fits:
 * for the after-due notice the most overdue; before and on the due date the next one due (today
 * or later), else the most overdue when none is.
 */
export async function previewInvoice(db: DbOrTx, companyId: string, type: TemplateType, today: string) {
  const pick = (upcoming: boolean) =>
    selectRemindable(db, companyId, upcoming ? gte(invoices.dueDate, today) : undefined)
      .orderBy(invoices.dueDate, invoices.qbId)
      .limit(1) as Promise<InvoiceForReminder[]>;
  const [next] = type === "after_due_date" ? [] : await pick(true);
  return next ?? (await pick(false))[0];
}
/** Invoices as they are now (paid, voided or deleted included), by QuickBooks id. */
export function findInvoices(db: DbOrTx, companyId: string, invoiceIds: string[]) {
  return db
    .select(invoiceColumns)
    .from(invoices)
    .leftJoin(customers, customerJoin)
    .where(and(eq(invoices.companyId, companyId), inArray(invoices.qbId, invoiceIds))) as Promise<
    InvoiceForReminder[]
  >;
}
