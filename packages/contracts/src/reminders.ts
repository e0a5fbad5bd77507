import { z } from "zod";
import { errorCodes } from "./error-codes.ts";
import {
  centsSchema,
  companyIdSchema,
  currencySchema,
  isoDateSchema,
  pageSchema,
  pageSizeSchema,
} from "./lists.ts";
import { templateTypes } from "./profile.ts";
import { followUpIntervalSchema, renderedEmailSchema } from "./templates.ts";

/** The 'Automatic Reminders' card's texts. */
export const reminderMessages = {
  cardTitle: "Automatic Reminders",
  enableSwitch: "Send reminders automatically",
  sendTime: "Send time",
  weekdaysOnly: "Weekdays only",
  upcoming: "Upcoming reminders",
  sendNow: "Send reminder now",
  send: "Send",
  pause: "Pause reminders",
  resume: "Resume reminders",
  saved: "Reminder settings saved.",
  saveFailed: "Failed to save reminder settings. Please try again.",
  sent: "Reminder sent.",
  sendFailed: "Failed to send the reminder. Please try again.",
  paused: "Reminders paused.",
  resumed: "Reminders resumed.",
} as const;

/** Error codes of the reminder calls: `errorCodes.confirmationRequired` and `errorCodes.notRemindable`. */
export const reminderErrorCodes = {
  confirmationRequired: errorCodes.confirmationRequired,
  notRemindable: errorCodes.notRemindable,
} as const;

/** A schedule stage: the template it uses. */
export const reminderStageSchema = z.enum(templateTypes);
export type ReminderStageName = z.infer<typeof reminderStageSchema>;
/** What a sent reminder was: a stage of the schedule, or a manual 'Send reminder now'. */
export const sentReminderKindSchema = z.enum([...templateTypes, "manual"]);
export type SentReminderKind = z.infer<typeof sentReminderKindSchema>;
export const reminderStatusSchema = z.enum(["queued", "sent", "failed", "cancelled"]);
export type ReminderStatus = z.infer<typeof reminderStatusSchema>;

/** "HH:MM", 24-hour, company time zone; before the window closes at 18:00. */
export const sendTimeSchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Use HH:MM, 24-hour")
  .refine((v) => v < "18:00", "The send time must be before 18:00");
export const DEFAULT_SEND_TIME = "09:00";
export const WINDOW_CLOSES_AT = "18:00";
export const UPCOMING_DAYS = 14;

// ---------------------------------------------------------------- settings

export const reminderSettingsQuerySchema = z.object({ companyId: companyIdSchema });

export const reminderSettingsSchema = z.object({
  /** Off for every new company. */
  enabled: z.boolean(),
  sendTime: sendTimeSchema,
  weekdaysOnly: z.boolean(),
});
export type ReminderSettingsValues = z.infer<typeof reminderSettingsSchema>;

/** Why the last planning run sent nothing for this company (e.g. the sync before it failed). */
export const reminderBlockSchema = z.object({ reason: z.string(), at: z.string() });

/** Locales reminder emails can be written in (money and dates; the template's words are the user's). */
export const EMAIL_LOCALES = [
  "en-US",
  "en-GB",
  "en-CA",
  "en-AU",
  "de-DE",
  "fr-FR",
  "fr-CA",
  "es-ES",
  "es-MX",
  "it-IT",
  "nl-NL",
  "pt-BR",
] as const;
export type EmailLocale = (typeof EMAIL_LOCALES)[number];

export const reminderSettingsResponseSchema = z.object({
  data: reminderSettingsSchema.extend({
    timezone: z.string(),
    locale: z.string(),
    followUpInterval: followUpIntervalSchema,
    /** The window of the current local day, in the company's time zone. */
    window: z.object({
      open: z.boolean(),
      today: isoDateSchema,
      closesAt: z.string().nullable(),
      nextOpensAt: z.string(),
    }),
    /** Null while nothing stops sending. */
    blocked: reminderBlockSchema.nullable(),
    /** When the engine last planned this company's reminders. */
    lastPlannedAt: z.string().nullable(),
  }),
});
export type ReminderSettingsResponse = z.infer<typeof reminderSettingsResponseSchema>;

/**
 * POST reminders.settings. Turning `enabled` on (from off) needs `confirm: true`, sent after the
 * user saw the enable preview; without it the answer is 409 CONFIRMATION_REQUIRED with the
 * preview in `error.details`. Turning off, or changing time and weekdays, needs no confirmation.
 */
export const saveReminderSettingsRequestSchema = reminderSettingsSchema.extend({
  companyId: companyIdSchema,
  confirm: z.boolean().optional(),
  /** The company's IANA time zone: "today", the send time and days overdue are read in it. */
  timezone: z.string().min(1).max(64).optional(),
  /** How the company's emails write money and dates. */
  locale: z.enum(EMAIL_LOCALES).optional(),
});
export type SaveReminderSettingsRequest = z.infer<typeof saveReminderSettingsRequestSchema>;

// ---------------------------------------------------------------- enable preview and upcoming

/** One planned reminder: which invoice, to whom, which stage, on which local date. */
export const plannedReminderSchema = z.object({
  invoiceId: z.string(),
  docNumber: z.string().nullable(),
  customerRef: z.string(),
  customerName: z.string(),
  email: z.string(),
  currency: currencySchema,
  balanceCents: centsSchema,
  dueDate: isoDateSchema,
  stage: reminderStageSchema,
  cycle: z.number().int(),
  /** The date the schedule gives it (before a weekend move). */
  scheduledFor: isoDateSchema,
  /** The local date it goes out. */
  date: isoDateSchema,
  /** When that day's window opens (ISO instant); past for one going out now. */
  opensAt: z.string(),
});
export type PlannedReminderRow = z.infer<typeof plannedReminderSchema>;

/**
 * GET reminders.enablePreview: what would go out at the next send time if reminders were turned
 * on now with these settings (default: the stored ones).
 */
export const enablePreviewQuerySchema = z.object({
  companyId: companyIdSchema,
  sendTime: sendTimeSchema.optional(),
  weekdaysOnly: z
    .enum(["true", "false"])
    .transform((v) => v === "true")
    .optional(),
});
export type EnablePreviewQuery = z.input<typeof enablePreviewQuerySchema>;

export const enablePreviewSchema = z.object({
  /** True when the window is open now: the reminders go out within 5 minutes of turning on. */
  now: z.boolean(),
  /** When they go out: now, or when the next window opens (ISO instant). */
  at: z.string(),
  /** Local date of that send. */
  date: isoDateSchema,
  timezone: z.string(),
  /** Reminders (one per invoice) that would go out then. */
  count: z.number().int(),
  /** Distinct recipient addresses. */
  recipients: z.number().int(),
  byStage: z.object({
    before_due_date: z.number().int(),
    on_due_date: z.number().int(),
    after_due_date: z.number().int(),
  }),
  /** The first 100 of them, by customer name. */
  reminders: z.array(plannedReminderSchema),
});
export type EnablePreview = z.infer<typeof enablePreviewSchema>;
export const enablePreviewResponseSchema = z.object({ data: enablePreviewSchema });

/** GET reminders.upcoming: the planned sends of the next `days` local days (today included). */
export const upcomingRemindersQuerySchema = z.object({
  companyId: companyIdSchema,
  days: z.coerce.number().int().min(1).max(UPCOMING_DAYS).default(UPCOMING_DAYS),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type UpcomingRemindersQuery = z.input<typeof upcomingRemindersQuerySchema>;
export const upcomingRemindersResponseSchema = z.object({
  data: z.object({
    /** False while automatic reminders are off: these are what would go out. */
    enabled: z.boolean(),
    from: isoDateSchema,
    to: isoDateSchema,
    /** All planned in the period; `reminders` holds the first `limit`, by date then customer. */
    total: z.number().int(),
    reminders: z.array(plannedReminderSchema),
  }),
});
export type UpcomingRemindersResponse = z.infer<typeof upcomingRemindersResponseSchema>;

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

// ---------------------------------------------------------------- pausing

/** A pause on one invoice (`invoiceId`) or on a customer (`customerRef`): exactly one of them. */
const pauseTarget = {
  companyId: companyIdSchema,
  invoiceId: z.string().min(1).max(64).optional(),
  customerRef: z.string().min(1).max(64).optional(),
};
const oneTarget = (v: { invoiceId?: string | undefined; customerRef?: string | undefined }) =>
  Boolean(v.invoiceId) !== Boolean(v.customerRef);
const oneTargetMessage = { message: "Give either invoiceId or customerRef" };

/** POST reminders.pause: until a local date (reminders resume that day) or, with no date, until resumed. */
export const pauseRemindersRequestSchema = z
  .object({ ...pauseTarget, until: isoDateSchema.nullable().optional() })
  .refine(oneTarget, oneTargetMessage);
export type PauseRemindersRequest = z.infer<typeof pauseRemindersRequestSchema>;
/** POST reminders.resume */
export const resumeRemindersRequestSchema = z.object(pauseTarget).refine(oneTarget, oneTargetMessage);
export type ResumeRemindersRequest = z.infer<typeof resumeRemindersRequestSchema>;

/** Why reminders are paused: by a person, a reply waiting, an out-of-office reply, a bouncing address. */
export const pauseReasonSchema = z.enum(["manual", "reply", "away", "bounce"]);
export type PauseReason = z.infer<typeof pauseReasonSchema>;
export const reminderPauseSchema = z.object({
  scope: z.enum(["invoice", "customer"]),
  invoiceId: z.string().nullable(),
  customerRef: z.string().nullable(),
  /** Local date reminders resume; null: until resumed. */
  until: isoDateSchema.nullable(),
  reason: pauseReasonSchema,
  /** The bouncing address, or the return date an automatic reply named. */
  detail: z.string().nullable(),
  createdAt: z.string(),
});
export type ReminderPause = z.infer<typeof reminderPauseSchema>;
export const pauseRemindersResponseSchema = z.object({ data: reminderPauseSchema });
export const resumeRemindersResponseSchema = z.object({ data: z.object({ resumed: z.boolean() }) });

/** GET reminders.pauses: the company's pauses in force, optionally for one customer or invoice. */
export const reminderPausesQuerySchema = z.object({
  companyId: companyIdSchema,
  invoiceId: z.string().min(1).max(64).optional(),
  customerRef: z.string().min(1).max(64).optional(),
});
export const reminderPausesResponseSchema = z.object({
  data: z.object({ pauses: z.array(reminderPauseSchema) }),
});

// ---------------------------------------------------------------- log and usage

/** GET reminders.log: reminders decided (automatic and manual), newest first; failed ones stay visible. */
export const reminderLogQuerySchema = z.object({
  companyId: companyIdSchema,
  invoiceId: z.string().min(1).max(64).optional(),
  status: reminderStatusSchema.optional(),
  page: pageSchema,
  limit: pageSizeSchema,
});
export const reminderLogRowSchema = z.object({
  id: z.string(),
  invoiceId: z.string(),
  stage: sentReminderKindSchema,
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
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
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

// ---------------------------------------------------------------- on invoice rows

/** The latest reminder sent for an invoice (automatic or manual). */
export const lastReminderSchema = z.object({ stage: sentReminderKindSchema, sentAt: z.string() });
/** The next one the schedule plans, within the next 14 days (null while reminders are off). */
export const nextReminderSchema = z.object({ stage: reminderStageSchema, date: isoDateSchema });
