import { z } from "zod";
import { companyIdSchema, isoDateSchema, pageInfoShape, pagingShape } from "./lists.ts";
import { reminderStageSchema, reminderStatusSchema, sentReminderKindSchema } from "./reminders.ts";
import { renderedEmailSchema } from "./templates.ts";

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
    to: z.string(),
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
});
export type SendReminderRequest = z.infer<typeof sendReminderRequestSchema>;
export const sendReminderResponseSchema = z.object({
  data: z.object({
    reminderId: z.string(),
    /** Queued: the outbox row is committed and the send job enqueued with it. */
    status: reminderStatusSchema,
    to: z.string(),
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
