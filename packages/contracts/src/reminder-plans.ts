import { z } from "zod";
import { centsSchema, companyIdSchema, currencySchema, isoDateSchema } from "./lists.ts";
import { plannedStageSchema, sendTimeSchema, UPCOMING_DAYS } from "./reminders.ts";

// What the reminder schedule plans: the enable preview and the upcoming reminders.

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
  stage: plannedStageSchema,
  /** The stage as users read it: the template's tile label, or the stage's day in its schedule. */
  stageName: z.string(),
  /** The schedule the invoice's customer follows. */
  schedule: z.string(),
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
  /** The emails they make: one per customer while 'Combine a customer's reminders' is on (decision 0021). */
  emails: z.number().int(),
  /** Distinct recipient addresses. */
  recipients: z.number().int(),
  byStage: z.object({
    before_due_date: z.number().int(),
    on_due_date: z.number().int(),
    after_due_date: z.number().int(),
    missed_promise: z.number().int(),
    /** Stages of the company's own schedules. */
    custom: z.number().int(),
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
