/**
 * The reminders feature as the rest of the app sees it: the pieces other pages show (reminder
 * columns and menu on invoice lists, the send form, the pause card, planned reminders, the
 * on-hold alert, the settings cards, a customer's reminder schedule) and the calls they share. Nothing else of the feature is
 * imported from outside it, and it imports no other feature.
 */
export { getReminderDraft } from "@/features/reminders/api/get-reminder-draft";
export { useReminderSchedules } from "@/features/reminders/api/get-reminder-schedules";
export { useUpcomingReminders } from "@/features/reminders/api/get-upcoming-reminders";
export { invalidateReminderState, useReminderStateMutation } from "@/features/reminders/api/invalidate";
export { AutomaticRemindersCard } from "@/features/reminders/components/automatic-reminders-card";
export { CustomerReminders } from "@/features/reminders/components/customer-reminders";
export { CustomerScheduleCard } from "@/features/reminders/components/customer-schedule-card";
export { PlannedRemindersList } from "@/features/reminders/components/planned-reminders-list";
export { reminderColumns } from "@/features/reminders/components/reminder-columns";
export { RemindersOnHold, RemindersOnHoldAlert } from "@/features/reminders/components/reminders-on-hold";
// Type only: the form itself loads lazily, with its editor.
export type { ReminderEmail } from "@/features/reminders/components/send-reminder-form";
export {
  ReminderFormSkeleton,
  SendReminderForm,
} from "@/features/reminders/components/send-reminder-form-lazy";
export { UpcomingRemindersCard } from "@/features/reminders/components/upcoming-reminders-card";
export { followedName, stageTimingText } from "@/features/reminders/utils/schedule-texts";
