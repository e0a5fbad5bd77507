import {
  apiPaths,
  type assignCustomerScheduleRequestSchema,
  assignedResponseSchema,
} from "@recoup/contracts";
import type { z } from "zod";

import { useReminderStateMutation } from "@/features/reminders/api/invalidate";
import { api } from "@/lib/api-client";

export type AssignCustomerScheduleInput = z.input<typeof assignCustomerScheduleRequestSchema>;

/** POST /v1/business/reminder-schedules/assign-customer { companyId, customerRef, schedule }. */
export async function assignCustomerSchedule(input: AssignCustomerScheduleInput) {
  await api.post(apiPaths.reminderSchedules.assignCustomer, input, { schema: assignedResponseSchema });
}

/** Gives the customer a schedule; the customer, the lists and the planned reminders are read again. */
export function useAssignCustomerSchedule() {
  return useReminderStateMutation(assignCustomerSchedule);
}
