import { z } from "zod";
import { EMAIL_PATTERN, NO_CONTROL_CHARACTERS } from "./auth-constants.ts";
import { companyIdSchema, isoDateSchema, pageInfoShape, pagingShape } from "./lists.ts";
import { reminderStageSchema, reminderStatusSchema, sentReminderKindSchema } from "./reminders.ts";
import { renderedEmailSchema } from "./templates.ts";

// ---------------------------------------------------------------- recipients (decision 0018)

/** At most this many addresses in To, in CC, and in BCC of one reminder. */
export const MAX_COPIED = 10;
export const recipientMessages = {
  escalation: "Copy escalation contacts from the",
  escalationAfter: "overdue reminder",
  invalid: (field: string) => `${field}: enter email addresses like name@example.com.`,
  toRequired: "To: enter at least one email address.",
  tooMany: (field: string) => `${field}: at most ${MAX_COPIED} addresses. Remove some to send.`,
} as const;
/** 1 → "1st", 2 → "2nd", 3 → "3rd", 4 → "4th". */
export const ordinal = (n: number) =>
  `${n}${n % 10 === 1 && n % 100 !== 11 ? "st" : n % 10 === 2 && n % 100 !== 12 ? "nd" : n % 10 === 3 && n % 100 !== 13 ? "rd" : "th"}`;

/** A list of addresses a user gives for one send (To or CC), each checked, one spelling (lowercase). */
const addressesSchema = (field: string) =>
  z
    .array(
      z
        .string()
        .normalize("NFKC")
        .trim()
        .max(254, recipientMessages.invalid(field))
        .regex(NO_CONTROL_CHARACTERS, recipientMessages.invalid(field))
        .regex(EMAIL_PATTERN, recipientMessages.invalid(field))
        .toLowerCase(),
    )
    .max(MAX_COPIED, recipientMessages.tooMany(field));

// ---------------------------------------------------------------- manual send

/** GET reminders.draft: the reminder an invoice would get now, rendered, to edit before sending. */
export const reminderDraftQuerySchema = z.object({
  companyId: companyIdSchema,
  invoiceId: z.string().min(1).max(64),
  /** Default: the stage that fits the invoice today (before, on or after its due date). */
  stage: reminderStageSchema.optional(),
});
export const reminderDraftResponseSchema = z.object({
  data: z.object({
    invoiceId: z.string(),
    /** Who it would go to now by the rules (decision 0018): To (comma-separated), and CC. */
    to: z.string(),
    cc: z.array(z.string()),
    /** Addresses the rules leave out, and why ("Not sent to x@y: the address bounced."). */
    notSent: z.array(z.string()),
    stage: reminderStageSchema,
    subject: z.string(),
    /** The template's body with the variables filled: the editable part. */
    html: z.string(),
    /** The whole email as it would go (logo, body, signature), for a sandboxed preview. */
    email: renderedEmailSchema,
  }),
});
export type ReminderDraftResponse = z.infer<typeof reminderDraftResponseSchema>;

export const MAX_MANUAL_HTML_LENGTH = 100_000;
/** POST reminders.send: 'Send' with the edited subject and body; sanitised, then logo and signature added. */
export const sendReminderRequestSchema = z.object({
  companyId: companyIdSchema,
  invoiceId: z.string().min(1).max(64),
  stage: reminderStageSchema,
  subject: z.string().trim().min(1, "Subject is required").max(500),
  html: z.string().min(1).max(MAX_MANUAL_HTML_LENGTH),
  /** To and CC for this send instead of the rules' (BCC stays the invoice's); bounced ones are still left out. */
  to: addressesSchema("To").min(1, recipientMessages.toRequired).optional(),
  cc: addressesSchema("CC").optional(),
});
export type SendReminderRequest = z.infer<typeof sendReminderRequestSchema>;
export const sendReminderResponseSchema = z.object({
  data: z.object({
    reminderId: z.string(),
    /** Queued: the outbox row is committed and the send job enqueued with it. */
    status: reminderStatusSchema,
    to: z.string(),
    cc: z.array(z.string()),
    /** Addresses left out of this send, and why. */
    notSent: z.array(z.string()),
  }),
});

// ---------------------------------------------------------------- log and usage

/** GET reminders.log: reminders decided (automatic and manual), newest first; failed ones stay visible. */
export const reminderLogQuerySchema = z.object({
  companyId: companyIdSchema,
  invoiceId: z.string().min(1).max(64).optional(),
  status: reminderStatusSchema.optional(),
  ...pagingShape,
});
export const reminderLogRowSchema = z.object({
  id: z.string(),
  invoiceId: z.string(),
  stage: sentReminderKindSchema,
  /** The stage as users read it. */
  stageName: z.string(),
  cycle: z.number().int(),
  scheduledFor: isoDateSchema.nullable(),
  status: reminderStatusSchema,
  to: z.string(),
  cc: z.string(),
  bcc: z.string(),
  /** Who was not written to and why (a bounced or invalid address, the cap), or null. */
  note: z.string().nullable(),
  subject: z.string(),
  messageId: z.string(),
  attempts: z.number().int(),
  error: z.string().nullable(),
  decidedAt: z.string(),
  sentAt: z.string().nullable(),
});
export type ReminderLogRow = z.infer<typeof reminderLogRowSchema>;
export const reminderLogResponseSchema = z.object({
  data: z.object({
    reminders: z.array(reminderLogRowSchema),
    ...pageInfoShape,
  }),
});

/** GET reminders.usage: distinct invoices reminded in a calendar month (UTC), the plans' usage. */
export const reminderUsageQuerySchema = z.object({
  companyId: companyIdSchema,
  /** YYYY-MM; default the current month. */
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    .optional(),
});
export const reminderUsageResponseSchema = z.object({
  data: z.object({ month: z.string(), invoicesReminded: z.number().int() }),
});
