import { z } from "zod";
import { invoiceRowSchema } from "./invoices.ts";
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
import { customerScheduleChoiceSchema, followedScheduleSchema } from "./schedules.ts";

/** The customer list sorts by the amount outstanding unless asked. */
export const customerListSort = listSort(
  ["name", "email", "openInvoices", "outstanding", "overdue", "oldestDueDate"],
  "outstanding",
);
export const customerSortFields = customerListSort.sortFields;
export const customerSortFieldSchema = z.enum(customerSortFields);
export type CustomerSortField = z.infer<typeof customerSortFieldSchema>;

/** GET /v1/business/customer/customer-outstanding-invoices: customers with an open balance. */
export const customerListQuerySchema = z.object({
  ...listQueryShape,
  sortBy: customerSortFieldSchema.default(customerListSort.sort),
  search: searchSchema,
  /** Only the customers following this schedule: a schedule's id, 'standard', or 'none' (not chased). */
  schedule: customerScheduleChoiceSchema.optional(),
  ...pagingShape,
});
export type CustomerListQuery = z.input<typeof customerListQuerySchema>;

export const customerRowSchema = z.object({
  customerRef: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  currency: currencySchema,
  openInvoices: z.number().int(),
  outstandingCents: centsSchema,
  overdueCents: centsSchema,
  oldestDueDate: isoDateSchema.nullable(),
  tags: z.array(z.string()),
  /** The reminder schedule the customer follows now; null: not chased. */
  schedule: followedScheduleSchema.nullable(),
});
export type CustomerRow = z.infer<typeof customerRowSchema>;

export const customerListResponseSchema = z.object({
  data: z.object({
    customers: z.array(customerRowSchema),
    ...pageInfoShape,
    asOf: isoDateSchema,
  }),
});
export type CustomerListResponse = z.infer<typeof customerListResponseSchema>;

/** The spec's customer calls name the company by its QuickBooks realm. */
export const customerRefQuerySchema = z.object({
  realmId: z.string().min(1).max(64),
  customerRef: z.string().min(1).max(64),
});
export type CustomerRefQuery = z.infer<typeof customerRefQuerySchema>;

export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 32;
export const MAX_CUSTOMER_NOTE_LENGTH = 5_000;
export const tagSchema = z.string().trim().min(1).max(MAX_TAG_LENGTH);

/** Which reminder schedule a customer follows, and why. */
export const customerScheduleSchema = z.object({
  /** The customer's own choice; null: by tag or the company's default. */
  choice: customerScheduleChoiceSchema.nullable(),
  /** The schedule followed now; null: not chased. */
  followed: followedScheduleSchema.nullable(),
  /** Why: the customer's own choice, one of their tags (`tag`), or the company's default. */
  via: z.enum(["own", "tag", "default"]),
  tag: z.string().nullable(),
});
export type CustomerSchedule = z.infer<typeof customerScheduleSchema>;

export const customerDetailSchema = z.object({
  customerRef: z.string(),
  name: z.string(),
  companyName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  currency: currencySchema,
  active: z.boolean(),
  /** Recoup's own free-text note on the customer (not synced to QuickBooks). */
  note: z.string(),
  tags: z.array(z.string()),
  openInvoices: z.number().int(),
  outstandingCents: centsSchema,
  overdueCents: centsSchema,
  oldestDueDate: isoDateSchema.nullable(),
  paidInvoices: z.number().int(),
  reminderSchedule: customerScheduleSchema,
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

/** GET /v1/business/customer/customer-detail-info */
export const customerDetailResponseSchema = z.object({
  data: z.object({
    customer: customerDetailSchema,
    /** Every open invoice (oldest due first) and the latest paid or voided ones (newest first, at most 50). */
    openInvoices: z.array(invoiceRowSchema),
    closedInvoices: z.array(invoiceRowSchema),
    asOf: isoDateSchema,
  }),
});
export type CustomerDetailResponse = z.infer<typeof customerDetailResponseSchema>;

export const paymentHistoryItemSchema = z.object({
  id: z.string(),
  type: z.enum(["Payment", "CreditMemo"]),
  date: isoDateSchema,
  currency: currencySchema,
  amountCents: centsSchema,
  /** Not applied to any invoice (payments) or not yet used (credit memos). */
  unappliedCents: centsSchema,
  applied: z.array(
    z.object({ invoiceId: z.string(), docNumber: z.string().nullable(), amountCents: centsSchema }),
  ),
});
export type PaymentHistoryItem = z.infer<typeof paymentHistoryItemSchema>;

/** GET /v1/business/customer/customer-payment-history: newest first. */
export const paymentHistoryResponseSchema = z.object({
  data: z.object({ payments: z.array(paymentHistoryItemSchema) }),
});
export type PaymentHistoryResponse = z.infer<typeof paymentHistoryResponseSchema>;

/** POST /v1/business/customer/edit-customer-note */
export const editCustomerNoteRequestSchema = customerRefQuerySchema.extend({
  note: z.string().max(MAX_CUSTOMER_NOTE_LENGTH),
});
export const editCustomerNoteResponseSchema = z.object({ data: z.object({ note: z.string() }) });

/** POST /v1/business/customer/edit-customer-tags: replaces the tags (trimmed, duplicates dropped). */
export const editCustomerTagsRequestSchema = customerRefQuerySchema.extend({
  tags: z.array(tagSchema).max(MAX_TAGS),
});
export const editCustomerTagsResponseSchema = z.object({ data: z.object({ tags: z.array(z.string()) }) });
