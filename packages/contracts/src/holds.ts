import { z } from "zod";
import {
  customerPageMessages,
  disputeReasonSchema,
  MAX_DISPUTE_MESSAGE_LENGTH,
  MAX_PROMISE_NOTE_LENGTH,
} from "./customer-page.ts";
import { companyIdSchema, isoDateSchema } from "./lists.ts";

/**
 * Holds a customer puts on an invoice's chase: a promise to pay by a date (no reminder through it;
 * the day after, unpaid, 'Missed Promise' once, then the schedule again) and a dispute (no reminder
 * until a user resolves it). Recorded on the customer page, or by a user from the invoice's thread
 * (by hand, or by applying what a reply says).
 */
export const holdSourceSchema = z.enum(["customer_page", "user", "reply"]);
export type HoldSource = z.infer<typeof holdSourceSchema>;

/** The open promise on an invoice. `missed`: its date passed unpaid (chasing resumed). */
export const invoicePromiseSchema = z.object({
  date: isoDateSchema,
  note: z.string().nullable(),
  source: holdSourceSchema,
  missed: z.boolean(),
  recordedAt: z.string(),
});
export type InvoicePromise = z.infer<typeof invoicePromiseSchema>;

/** The open dispute on an invoice. */
export const invoiceDisputeSchema = z.object({
  reason: disputeReasonSchema,
  message: z.string(),
  source: holdSourceSchema,
  openedAt: z.string(),
});
export type InvoiceDispute = z.infer<typeof invoiceDisputeSchema>;

/** What lists show of an invoice's holds (Invoices, Customer Details, Communications). */
export const holdBadgesShape = {
  /** 'Promised for <date>' (or 'Promise missed' once `missed`). */
  promise: z.object({ date: isoDateSchema, missed: z.boolean() }).nullable(),
  /** 'Disputed'. */
  dispute: z.object({ reason: disputeReasonSchema, openedAt: z.string() }).nullable(),
};
/** The lists' filter on holds: only invoices with an open promise, or with an open dispute. */
export const holdFilterSchema = z.enum(["promised", "disputed"]);
export type HoldFilter = z.infer<typeof holdFilterSchema>;
export const holdFilterLabels: Record<HoldFilter, string> = { promised: "Promised", disputed: "Disputed" };

/**
 * What an inbound reply seems to say (the reply reader), offered in its thread as one click:
 * 'Looks like a promise to pay on Dec 4: Record promise'. Never applied without the click.
 */
export const replySuggestionSchema = z.object({
  /** The reply it was read from. */
  emailId: z.string(),
  kind: z.enum(["promise", "dispute", "paid"]),
  /** A promise's date. */
  date: isoDateSchema.nullable(),
  /** A dispute's reason as read (`already_paid` for kind `paid`); null for a promise. */
  reason: disputeReasonSchema.nullable(),
  /** The sentence shown, e.g. 'Looks like a promise to pay on Dec 4, 2026'. */
  text: z.string(),
  /** The button: 'Record promise', 'Record dispute', 'Record as already paid'. */
  action: z.string(),
});
export type ReplySuggestion = z.infer<typeof replySuggestionSchema>;

/** POST holds.promise: records a promise, or changes the open one. */
export const recordPromiseRequestSchema = z.object({
  companyId: companyIdSchema,
  invoiceId: z.string().min(1).max(64),
  date: isoDateSchema,
  note: z.string().trim().max(MAX_PROMISE_NOTE_LENGTH).optional(),
  /** `reply`: applied from a reply's suggestion (`emailId`). Default `user`. */
  source: z.enum(["user", "reply"]).optional(),
  emailId: z.string().uuid().optional(),
});
export type RecordPromiseRequest = z.infer<typeof recordPromiseRequestSchema>;

/** POST holds.dispute: a user records a dispute (e.g. a reply saying the invoice is already paid). */
export const recordDisputeRequestSchema = z.object({
  companyId: companyIdSchema,
  invoiceId: z.string().min(1).max(64),
  reason: disputeReasonSchema,
  message: z.string().trim().min(1, "Please say what is wrong.").max(MAX_DISPUTE_MESSAGE_LENGTH),
  source: z.enum(["user", "reply"]).optional(),
  emailId: z.string().uuid().optional(),
});
export type RecordDisputeRequest = z.infer<typeof recordDisputeRequestSchema>;

/** POST holds.cancelPromise and holds.resolveDispute. */
export const endHoldRequestSchema = z.object({
  companyId: companyIdSchema,
  invoiceId: z.string().min(1).max(64),
});
export type EndHoldRequest = z.infer<typeof endHoldRequestSchema>;

export const holdResponseSchema = z.object({
  data: z.object({
    promise: invoicePromiseSchema.nullable(),
    dispute: invoiceDisputeSchema.nullable(),
  }),
  message: z.string(),
});
export type HoldResponse = z.infer<typeof holdResponseSchema>;

/** The sentences the app shows for holds (the page's own are in `customerPageMessages`). */
export const holdMessages = {
  promiseRecorded: "Promise to pay recorded. Reminders wait until the day after its date.",
  promiseChanged: "Promise to pay changed.",
  promiseCancelled: "Promise cancelled. Reminders follow the schedule again.",
  noPromise: "This invoice has no promise to pay.",
  disputeRecorded: "Dispute recorded. This invoice is no longer chased until the dispute is resolved.",
  disputeResolved: "Dispute resolved. Reminders follow the schedule again.",
  noDispute: "This invoice has no open dispute.",
  alreadyDisputed: "This invoice is already disputed.",
  invoiceNotOpen: "This invoice is paid or no longer open.",
  dateInPast: customerPageMessages.promiseDateInPast,
  dateTooFar: customerPageMessages.promiseDateTooFar,
  /** The email to the company's users. */
  promiseEmailSubject: (customer: string, invoice: string) =>
    `${customer} promised to pay invoice ${invoice}`,
  disputeEmailSubject: (customer: string, invoice: string) => `${customer} disputed invoice ${invoice}`,
} as const;

/** The badges' words. */
export const holdLabels = {
  promisedFor: (date: string) => `Promised for ${date}`,
  promiseMissed: "Promise missed",
  disputed: "Disputed",
  resolveDispute: "Resolve dispute",
  recordPromise: "Record promise",
  changePromise: "Change promise",
  cancelPromise: "Cancel promise",
} as const;
