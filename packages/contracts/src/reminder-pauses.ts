import { z } from "zod";
import { companyIdSchema, isoDateSchema } from "./lists.ts";

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
