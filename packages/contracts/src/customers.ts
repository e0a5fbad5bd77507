import { z } from "zod";
import { EMAIL_PATTERN, NO_CONTROL_CHARACTERS } from "./auth-constants.ts";
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

export const MAX_CONTACTS = 20;
export const MAX_CONTACT_NAME_LENGTH = 100;
export const contactRoles = ["billing", "escalation", "copy_always"] as const;
export const contactRoleSchema = z.enum(contactRoles, {
  error: "Choose the contact's role: Billing, Escalation or Copy always.",
});
export type ContactRole = z.infer<typeof contactRoleSchema>;
export const contactRoleLabels: Record<ContactRole, string> = {
  billing: "Billing",
  escalation: "Escalation",
  copy_always: "Copy always",
};

/** What the contact calls answer when a rule refuses a change; the forms show the same words. */
export const contactMessages = {
  addressRequired: "Enter the contact's email address.",
  addressInvalid: "The contact's email address is not valid. Enter one like name@example.com.",
  nameTooLong: `The contact's name can be at most ${MAX_CONTACT_NAME_LENGTH} characters.`,
  duplicate: "This customer already has a contact with this email address.",
  tooMany: `A customer can have at most ${MAX_CONTACTS} contacts. Remove one to add another.`,
  notFound: "This contact no longer exists. It may have been removed, or QuickBooks no longer has it.",
  quickBooksAddress:
    "This address comes from the customer's email in QuickBooks, so it cannot be changed here: change it in QuickBooks. Here you can change the contact's name and role.",
  quickBooksRemove:
    "This contact comes from the customer's email in QuickBooks, so it cannot be removed here: remove the address in QuickBooks. Here you can change the contact's name and role.",
} as const;

/** A contact's address: trimmed, one spelling (NFKC, lowercase), checked. */
export const contactAddressSchema = z
  .string({ error: contactMessages.addressRequired })
  .normalize("NFKC")
  .trim()
  .min(1, contactMessages.addressRequired)
  .max(254, contactMessages.addressInvalid)
  .regex(NO_CONTROL_CHARACTERS, contactMessages.addressInvalid)
  .regex(EMAIL_PATTERN, contactMessages.addressInvalid)
  .toLowerCase();

/**
 * Someone Recoup may write to about the customer's invoices: from the customer's email in
 * QuickBooks (`inQuickBooks`: only its name and role change here) or added in Recoup.
 */
export const customerContactSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  address: z.string(),
  role: contactRoleSchema,
  /** Who added it: the sync (removed when QuickBooks drops the address) or a user (kept). */
  source: z.enum(["quickbooks", "recoup"]),
  inQuickBooks: z.boolean(),
  /** When an email to it bounced, and what the bounce said; null: none bounced. */
  bouncedAt: z.string().nullable(),
  bounceReason: z.string().nullable(),
});
export type CustomerContact = z.infer<typeof customerContactSchema>;

/** The fields a user writes (the address is named `address`: `email` in a request names the caller). */
const contactFields = {
  name: z
    .string()
    .trim()
    .max(MAX_CONTACT_NAME_LENGTH, contactMessages.nameTooLong)
    .optional()
    .transform((name) => name || null),
  address: contactAddressSchema,
  role: contactRoleSchema,
};

/** POST /v1/business/customer/contacts/add */
export const addContactRequestSchema = customerRefQuerySchema.extend(contactFields);
export type AddContactRequest = z.input<typeof addContactRequestSchema>;

/** POST /v1/business/customer/contacts/edit: a QuickBooks contact's address must stay as it is. */
export const editContactRequestSchema = customerRefQuerySchema.extend({ id: z.uuid(), ...contactFields });
export type EditContactRequest = z.input<typeof editContactRequestSchema>;

/** POST /v1/business/customer/contacts/remove: Recoup's contacts only. */
export const removeContactRequestSchema = customerRefQuerySchema.extend({ id: z.uuid() });
export type RemoveContactRequest = z.input<typeof removeContactRequestSchema>;

/** Every contact call answers the customer's contacts after the change. */
export const contactsResponseSchema = z.object({
  data: z.object({ contacts: z.array(customerContactSchema) }),
});
export type ContactsResponse = z.infer<typeof contactsResponseSchema>;

/** GET /v1/business/customer/customer-detail-info */
export const customerDetailResponseSchema = z.object({
  data: z.object({
    customer: customerDetailSchema,
    /** Who Recoup may write to: QuickBooks' addresses first, then those added in Recoup. */
    contacts: z.array(customerContactSchema),
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
