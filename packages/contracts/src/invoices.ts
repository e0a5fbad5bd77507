import { z } from "zod";
import { holdBadgesShape, holdFilterSchema } from "./holds.ts";
import {
  centsSchema,
  currencySchema,
  isoDateSchema,
  listQueryShape,
  listSort,
  pageInfoShape,
  pagingShape,
  searchSchema,
} from "./lists.ts";
import { lastReminderSchema, nextReminderSchema } from "./reminders.ts";

/** Paid: balance 0. Overdue: a balance and due before today (company time zone). Open: otherwise. */
export const invoiceStatusSchema = z.enum(["Paid", "Open", "Overdue", "Voided"]);
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;
/** The status filter: one status, or `unpaid` (Open and Overdue). */
export const invoiceStatusFilterSchema = z.enum(["paid", "open", "overdue", "voided", "unpaid"]);
export type InvoiceStatusFilter = z.infer<typeof invoiceStatusFilterSchema>;

/** The invoice list sorts by due date unless asked. */
export const invoiceListSort = listSort(
  ["docNumber", "customerName", "txnDate", "dueDate", "total", "balance", "status", "daysOverdue"],
  "dueDate",
);
export const invoiceSortFields = invoiceListSort.sortFields;
export const invoiceSortFieldSchema = z.enum(invoiceSortFields);
export type InvoiceSortField = z.infer<typeof invoiceSortFieldSchema>;

/** GET /v1/business/invoice/list */
export const invoiceListQuerySchema = z.object({
  ...listQueryShape,
  sortField: invoiceSortFieldSchema.default(invoiceListSort.sort),
  searchQuery: searchSchema,
  ...pagingShape,
  status: invoiceStatusFilterSchema.optional(),
  /** Only this customer's invoices. */
  customerRef: z.string().min(1).max(64).optional(),
  /** Only invoices with an open promise to pay, or with an open dispute. */
  hold: holdFilterSchema.optional(),
});
export type InvoiceListQuery = z.input<typeof invoiceListQuerySchema>;

export const invoiceRowSchema = z.object({
  /** QuickBooks Id of the invoice. */
  id: z.string(),
  docNumber: z.string().nullable(),
  customerRef: z.string(),
  customerName: z.string(),
  email: z.string().nullable(),
  txnDate: isoDateSchema,
  dueDate: isoDateSchema.nullable(),
  currency: currencySchema,
  totalCents: centsSchema,
  balanceCents: centsSchema,
  status: invoiceStatusSchema,
  /** Days past the due date in the company's time zone; 0 unless Overdue. */
  daysOverdue: z.number().int(),
  /** The latest reminder sent (automatic or manual), or null. */
  lastReminder: lastReminderSchema.nullable(),
  /** The next reminder the schedule plans within 14 days; null when none (or reminders are off). */
  nextReminder: nextReminderSchema.nullable(),
  /** Its schedule's final stage was sent and it is still open: chasing stopped, it needs a call. */
  needsCall: z.boolean(),
  /** A pause in force on the invoice or its customer (`until`: the local date they resume). */
  remindersPaused: z
    .object({ scope: z.enum(["invoice", "customer"]), until: isoDateSchema.nullable() })
    .nullable(),
  ...holdBadgesShape,
});
export type InvoiceRow = z.infer<typeof invoiceRowSchema>;

export const invoiceListResponseSchema = z.object({
  data: z.object({
    invoices: z.array(invoiceRowSchema),
    /** `total`: rows matching the search and filter, over all pages. */
    ...pageInfoShape,
    /** "Today" in the company's time zone, which statuses and days overdue are relative to. */
    asOf: isoDateSchema,
  }),
});
export type InvoiceListResponse = z.infer<typeof invoiceListResponseSchema>;
