export { defaultTemplates } from "./default-templates.ts";
export { followedSchedules, planGroups } from "./followed-schedules.ts";
export { invoicesToPlan, reminderHistory } from "./history.repository.ts";
export { withReminderColumns } from "./invoice-reminders.service.ts";
export { planAll, planCompany } from "./planner.service.ts";
export {
  historyByInvoice,
  pausesByTarget,
  reminderInvoice,
  scheduleSettings,
  sentFromSummary,
} from "./planning.ts";
export { remindableInvoices } from "./remindable.repository.ts";
export { emailInput, outgoingEmail, stageFor } from "./reminder-email.ts";
export { findSettings } from "./reminder-settings.repository.ts";
export { remindersRoutes } from "./reminders.routes.ts";
export { renderReminder, variableValues } from "./render.ts";
export { dueReminder } from "./schedule.ts";
export { type FollowedBy, STANDARD_NAME } from "./schedule-choice.ts";
export { schedulesRoutes } from "./schedules.routes.ts";
export { deliverBatch, markUndelivered } from "./send.service.ts";
export { firstSendDay, windowState } from "./send-window.ts";
export { reminderStatus } from "./settings.service.ts";
export { subscriptionHold } from "./subscription-gate.ts";
export type { CompanyForEmail } from "./templates.repository.ts";
export { templatesRoutes } from "./templates.routes.ts";
export { companyForEmail } from "./templates.service.ts";
export { countInvoicesReminded, invoicesCountedIn } from "./usage.repository.ts";
