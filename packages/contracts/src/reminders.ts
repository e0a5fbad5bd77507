import { z } from "zod";
import { errorCodes } from "./error-codes.ts";
import { companyIdSchema, isoDateSchema } from "./lists.ts";
import { templateTypes } from "./profile.ts";
import { followUpIntervalSchema } from "./templates.ts";

/*
 * Reminders: the words, stages and settings here; what the schedule plans in reminder-plans.ts,
 * sending and the log in reminder-sends.ts, pauses in reminder-pauses.ts.
 */

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
/**
 * A stage of one of the company's own schedules (issue 18): `stage:` and 12 random lowercase letters
 * or digits (62 bits; every reminder row and its two indexes carry it, so it is kept short), or
 * `stage:<uuid>` for stages made before 2026-11-27.
 */
export const customStageKeySchema = z.union([
  z.templateLiteral(["stage:", z.string().regex(/^[a-z0-9]{12}$/)]),
  z.templateLiteral(["stage:", z.uuid()]),
]);
export type CustomStageKey = z.infer<typeof customStageKeySchema>;
/** A stage the engine plans: the standard schedule's (a template type) or a company schedule's own. */
export const plannedStageSchema = z.union([reminderStageSchema, customStageKeySchema]);
export type PlannedStage = z.infer<typeof plannedStageSchema>;
/** What a sent reminder was: a stage of a schedule, or a manual 'Send reminder now'. */
export const sentReminderKindSchema = z.union([z.enum([...templateTypes, "manual"]), customStageKeySchema]);
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

export const ESCALATION_CHOICES = [1, 2, 3, 4, 5] as const;
/** The overdue reminder of an invoice from which its customer's 'Escalation' contacts are copied; null: Off. */
export const escalateFromSchema = z.number().int().min(1).max(ESCALATION_CHOICES.length).nullable();

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
    /** 'Attach the invoice PDF': each reminder carries the invoice's PDF from QuickBooks (on by default). */
    attachInvoicePdf: z.boolean(),
    /** 'Copy escalation contacts from the Nth overdue reminder' (1 to 5); null: Off. */
    escalateFrom: escalateFromSchema,
    /** 'Combine a customer's reminders into one email' (decision 0021). */
    combineReminders: z.boolean(),
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
  /** Left out: kept as it is. */
  attachInvoicePdf: z.boolean().optional(),
  /** Left out: kept as it is. */
  escalateFrom: escalateFromSchema.optional(),
  /** Left out: kept as it is. */
  combineReminders: z.boolean().optional(),
});
export type SaveReminderSettingsRequest = z.infer<typeof saveReminderSettingsRequestSchema>;

// ---------------------------------------------------------------- on invoice rows

/** The latest reminder sent for an invoice (automatic or manual). */
export const lastReminderSchema = z.object({
  stage: sentReminderKindSchema,
  /** The stage as users read it: the template's tile label, or the schedule's name and the stage's day. */
  label: z.string(),
  sentAt: z.string(),
});
/** The next one the schedule plans, within the next 14 days (null while reminders are off). */
export const nextReminderSchema = z.object({
  stage: plannedStageSchema,
  label: z.string(),
  date: isoDateSchema,
});
