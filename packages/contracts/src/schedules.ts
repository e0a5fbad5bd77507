import { z } from "zod";
import { companyIdSchema } from "./lists.ts";
import { templateTypes } from "./profile.ts";
import { templateContentSchema, templateSubjectSchema } from "./templates.ts";

/**
 * A company's reminder schedules (issue 18): each an ordered list of stages, a day relative to the
 * due date each, with its own template; given per customer or by tag. The default schedule (the
 * spec's three templates and the follow-up interval) is implicit and has no id: 'standard'.
 */
export const MAX_SCHEDULE_STAGES = 10;
export const MAX_SCHEDULE_NAME_LENGTH = 80;

const days = (max: number) => z.number().int().min(1).max(max);
/** Before due (1-90 days), on due, after due (1-365 days), repeating every 1-90 days, or final. */
export const stageTimingSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("before"), days: days(90) }),
  z.object({ kind: z.literal("on") }),
  z.object({ kind: z.literal("after"), days: days(365) }),
  z.object({ kind: z.literal("repeat"), days: days(365), every: days(90) }),
  z.object({ kind: z.literal("final"), days: days(365) }),
]);
export type StageTimingInput = z.infer<typeof stageTimingSchema>;

/** A stage's template: its own subject and body, or one of the company's standard templates. */
export const stageTemplateSchema = z.union([
  z.object({ type: z.enum(templateTypes) }),
  z.object({ subject: templateSubjectSchema.min(1), content: templateContentSchema.min(1) }),
]);
export type StageTemplate = z.infer<typeof stageTemplateSchema>;

/** `key` (`stage:<uuid>`) names an existing stage of the schedule; a new stage has none. */
export const scheduleStageInputSchema = z.object({
  key: z.string().max(64).optional(),
  timing: stageTimingSchema,
  template: stageTemplateSchema,
});
export const scheduleStageSchema = scheduleStageInputSchema.required({ key: true });
export type ScheduleStage = z.infer<typeof scheduleStageSchema>;

export const reminderScheduleSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  stages: z.array(scheduleStageSchema),
  isDefault: z.boolean(),
  /** Tags whose customers follow it (unless they chose another). */
  tags: z.array(z.string()),
  /** Customers following it now (by their own choice, a tag, or as the default). */
  customers: z.number().int(),
  updatedAt: z.string(),
});
export type ReminderSchedule = z.infer<typeof reminderScheduleSchema>;

/** GET reminderSchedules.list?companyId= */
export const schedulesQuerySchema = z.object({ companyId: companyIdSchema });
export const schedulesResponseSchema = z.object({
  data: z.object({
    schedules: z.array(reminderScheduleSchema),
    /** Customers following the standard schedule, and those not chased. */
    standardCustomers: z.number().int(),
    unchasedCustomers: z.number().int(),
  }),
});

/** POST reminderSchedules.save: creates (no id) or replaces a schedule. */
export const saveScheduleRequestSchema = z.object({
  companyId: companyIdSchema,
  id: z.uuid().optional(),
  name: z.string().trim().min(1).max(MAX_SCHEDULE_NAME_LENGTH),
  stages: z.array(scheduleStageInputSchema).max(MAX_SCHEDULE_STAGES),
  isDefault: z.boolean().default(false),
});
export type SaveScheduleRequest = z.infer<typeof saveScheduleRequestSchema>;
export const scheduleResponseSchema = z.object({ data: reminderScheduleSchema });

/** POST reminderSchedules.impact: what saving (or deleting) it touches, to show before. */
export const scheduleImpactRequestSchema = z.object({
  companyId: companyIdSchema,
  id: z.uuid(),
});
export const scheduleImpactResponseSchema = z.object({
  data: z.object({
    customers: z.number().int(),
    /** Reminders planned in the next 14 days for invoices following it. */
    upcomingReminders: z.number().int(),
  }),
});

/** POST reminderSchedules.delete: refused (409) while a customer or a tag follows it. */
export const deleteScheduleRequestSchema = scheduleImpactRequestSchema;

/** GET reminderSchedules.changes?companyId&id: the schedule's audit, newest first. */
export const scheduleChangesQuerySchema = z.object({ companyId: companyIdSchema, id: z.uuid() });
export const scheduleChangeSchema = z.object({
  at: z.string(),
  /** Who made it; null when the user was deleted since. */
  user: z.string().nullable(),
  action: z.enum(["created", "updated", "deleted"]),
  /** The fields changed, before and after. */
  fields: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
});
export const scheduleChangesResponseSchema = z.object({ data: z.array(scheduleChangeSchema) });

/** A customer's own choice: a schedule, the standard one, or 'none' (Don't chase this customer); null: by tag. */
export const customerScheduleChoiceSchema = z.union([z.uuid(), z.literal("standard"), z.literal("none")]);
export type CustomerScheduleChoice = z.infer<typeof customerScheduleChoiceSchema>;
/** A schedule as a customer follows it: id null for the standard schedule. */
export const followedScheduleSchema = z.object({ id: z.uuid().nullable(), name: z.string() });
export type FollowedSchedule = z.infer<typeof followedScheduleSchema>;
/** POST reminderSchedules.assignCustomer */
export const assignCustomerScheduleRequestSchema = z.object({
  companyId: companyIdSchema,
  customerRef: z.string().min(1).max(64),
  schedule: customerScheduleChoiceSchema.nullable(),
});
/** POST reminderSchedules.assignTag: null takes the tag's schedule away. */
export const assignTagScheduleRequestSchema = z.object({
  companyId: companyIdSchema,
  tag: z.string().trim().min(1).max(64),
  scheduleId: z.uuid().nullable(),
});
export const assignedResponseSchema = z.object({ data: z.object({ ok: z.literal(true) }) });

export const scheduleMessages = {
  inUse: (customers: number, tags: number) =>
    `This schedule is in use (${customers} customers, ${tags} tags): move them to another schedule first.`,
  standard: "Standard schedule",
  dontChase: "Don't chase this customer",
  /** A customer with no choice of their own: their tag's schedule, else the company's default. */
  byTagOrDefault: "By tag / company default",
  notChased: "Not chased",
  saved: "Schedule saved.",
  deleted: "Schedule deleted.",
  /** What saving or deleting a schedule touches, shown before it is done. */
  impact: (customers: number, reminders: number) =>
    `This change touches ${customers} ${customers === 1 ? "customer" : "customers"} and ${reminders} upcoming ${reminders === 1 ? "reminder" : "reminders"}.`,
} as const;

/** The first `{name}` in a template's text that is not one of `templateVariableNames`, or null. */
export function unknownVariable(text: string, known: readonly string[]): string | null {
  for (const [name] of text.matchAll(/\{[^{}\s]*\}/g)) if (!known.includes(name)) return name;
  return null;
}
