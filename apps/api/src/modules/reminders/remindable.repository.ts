/** The invoices reminders read: the ones the schedule may chase, one or several as they are now, a preview's. */
import type { TemplateType } from "@recoup/contracts";
import { and, eq, gte, isNotNull, type SQL, sql } from "drizzle-orm";
import { anyOf } from "../../db/any-of.ts";
import type { DbOrTx } from "../../db/client.ts";
import { customers, invoices } from "../../db/schema/index.ts";
import { firstBillingAddress } from "../contacts/index.ts";
import { liveInvoices, openBalance } from "../receivables/index.ts";

/**
 * Whom a reminder about the invoice goes to by default (decision 0018): its `BillEmail`, else the
 * customer's first billing contact that has not bounced. Null: no one, and nothing is sent.
 */
export const reminderAddress = sql<
  string | null
>`coalesce(${invoices.email}, ${firstBillingAddress(invoices.companyId, invoices.customerQbId)})`;

const invoiceColumns = {
  id: invoices.qbId,
  docNumber: invoices.docNumber,
  customerRef: invoices.customerQbId,
  customerName: sql<string>`coalesce(${invoices.customerName}, ${customers.displayName}, '')`,
  email: reminderAddress,
  billEmail: invoices.email,
  billEmailCc: invoices.billEmailCc,
  billEmailBcc: invoices.billEmailBcc,
  currency: invoices.currency,
  balanceCents: invoices.balanceCents,
  totalCents: invoices.totalCents,
  dueDate: invoices.dueDate,
  voided: invoices.voided,
  deleted: sql<boolean>`${invoices.deletedAt} is not null`,
};
export type InvoiceForReminder = {
  [K in keyof typeof invoiceColumns]: K extends "deleted" | "voided"
    ? boolean
    : K extends "balanceCents" | "totalCents"
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
 * address to write to (read from the `invoices_company_due_open` index). With `ids`, only those.
 */
export function remindableInvoices(db: DbOrTx, companyId: string, ids?: string[]) {
  return selectRemindable(db, companyId, ids ? anyOf(invoices.qbId, ids) : undefined) as Promise<
    InvoiceForReminder[]
  >;
}
const selectRemindable = (db: DbOrTx, companyId: string, also?: SQL) =>
  db
    .select(invoiceColumns)
    .from(invoices)
    .leftJoin(customers, customerJoin)
    .where(
      and(
        liveInvoices(companyId),
        openBalance,
        isNotNull(invoices.dueDate),
        isNotNull(reminderAddress),
        also,
      ),
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
    .where(and(eq(invoices.companyId, companyId), anyOf(invoices.qbId, invoiceIds))) as Promise<
    InvoiceForReminder[]
  >;
}
