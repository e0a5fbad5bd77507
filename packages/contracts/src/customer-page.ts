import { z } from "zod";
import { centsSchema, companyIdSchema, currencySchema, isoDateSchema } from "./lists.ts";

/**
 * The customer page (`/pay/<token>`): public, no login. The token in the path names one customer
 * of one company; everything below is that customer's and nothing else.
 */

/** How long a link in an email opens the page. */
export const CUSTOMER_LINK_TTL_DAYS = 90;
/** A promise may name today up to this many days ahead. */
export const MAX_PROMISE_DAYS_AHEAD = 90;
export const MAX_PROMISE_NOTE_LENGTH = 1_000;
export const MAX_DISPUTE_MESSAGE_LENGTH = 2_000;

/** The link's token: 22 characters of id, a dot, 22 of signature (base64url). */
export const customerLinkTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/);

export const disputeReasons = [
  "wrong_amount",
  "not_received",
  "goods_or_service",
  "already_paid",
  "other",
] as const;
export const disputeReasonSchema = z.enum(disputeReasons);
export type DisputeReason = z.infer<typeof disputeReasonSchema>;
export const disputeReasonLabels: Record<DisputeReason, string> = {
  wrong_amount: "Wrong amount",
  not_received: "Not received",
  goods_or_service: "Problem with the goods or service",
  already_paid: "Already paid",
  other: "Other",
};

/** The page's texts, shared by the page, its tests and the API's refusals. */
export const customerPageMessages = {
  linkInvalid: "This link is not valid. Please use the link in the most recent email you received.",
  linkExpired: "This link has expired. Please use the link in the most recent email you received.",
  linkRevoked: "This link is no longer active.",
  viewAndPay: "View and pay",
  downloadPdf: "Download PDF",
  payNow: "Pay now",
  promiseToPay: "Promise to pay",
  dispute: "Dispute",
  promiseDateInPast: "Choose a date from today onwards.",
  promiseDateTooFar: `Choose a date within the next ${MAX_PROMISE_DAYS_AHEAD} days.`,
  promiseRecorded: "Thank you. Your promise to pay has been recorded.",
  disputeRecorded: "Thank you. Your dispute has been sent, and reminders for this invoice have stopped.",
  /** 'How to pay' where an invoice has no 'Pay now' and the company wrote nothing on it. */
  howToPayFallback: (company: string) =>
    `To pay an invoice without 'Pay now', reply to the email you received from ${company}: they will tell you how.`,
  pdfTooLarge: "This invoice's PDF is too large to download here. Please reply to the email for a copy.",
  pdfUnavailable: "The PDF could not be fetched from QuickBooks just now. Please try again in a few minutes.",
} as const;

export const customerPageInvoiceSchema = z.object({
  /** QuickBooks Invoice Id. */
  id: z.string(),
  number: z.string(),
  issueDate: isoDateSchema.nullable(),
  dueDate: isoDateSchema.nullable(),
  amountCents: centsSchema,
  balanceCents: centsSchema,
  currency: currencySchema,
  /** 0 when not yet due. */
  daysOverdue: z.number().int(),
  /** QuickBooks' own 'view and pay' page, when QuickBooks Payments is on for the invoice. */
  payUrl: z.string().nullable(),
  promise: z.object({ date: isoDateSchema, note: z.string().nullable() }).nullable(),
  dispute: z.object({ reason: disputeReasonSchema, openedAt: z.string() }).nullable(),
});
export type CustomerPageInvoice = z.infer<typeof customerPageInvoiceSchema>;

/** GET /v1/pay/:token */
export const customerPageResponseSchema = z.object({
  data: z.object({
    company: z.object({
      name: z.string(),
      /** The sender's signature picture (a data: URL), if any. */
      picture: z.string().nullable(),
      /** The company's own words on how to pay, shown where no 'Pay now' exists. */
      howToPay: z.string().nullable(),
    }),
    customer: z.object({ name: z.string() }),
    /** The invoice the email was about: listed first and marked. */
    focusInvoiceId: z.string().nullable(),
    invoices: z.array(customerPageInvoiceSchema),
    totals: z.array(
      z.object({ currency: currencySchema, balanceCents: centsSchema, count: z.number().int() }),
    ),
    /** Paid in the last 60 days (the invoice the email was about, once paid, shows here). */
    paid: z.array(
      z.object({ id: z.string(), number: z.string(), amountCents: centsSchema, currency: currencySchema }),
    ),
    /** The company's 'today' (its time zone), for the promise date picker's bounds. */
    today: isoDateSchema,
  }),
});
export type CustomerPage = z.infer<typeof customerPageResponseSchema>["data"];

/** POST /v1/pay/:token/promise */
export const promiseRequestSchema = z.object({
  /** One invoice, or several ('all'); each must be one of this customer's open invoices. */
  invoiceIds: z.array(z.string().min(1).max(64)).min(1).max(500),
  date: isoDateSchema,
  note: z.string().trim().max(MAX_PROMISE_NOTE_LENGTH).optional(),
});
export type PromiseRequest = z.infer<typeof promiseRequestSchema>;

/** POST /v1/pay/:token/dispute */
export const disputeRequestSchema = z.object({
  invoiceId: z.string().min(1).max(64),
  reason: disputeReasonSchema,
  message: z.string().trim().min(1, "Please say what is wrong.").max(MAX_DISPUTE_MESSAGE_LENGTH),
});
export type DisputeRequest = z.infer<typeof disputeRequestSchema>;

export const customerPageActionResponseSchema = z.object({ data: z.object({ message: z.string() }) });

/** POST /v1/business/customer/customer-page-link: 'Preview customer page' on Customer Details. */
export const customerPageLinkRequestSchema = z.object({
  companyId: companyIdSchema,
  customerRef: z.string().min(1).max(64),
});
export const customerPageLinkResponseSchema = z.object({ data: z.object({ url: z.string() }) });
