import { apiPaths, assignedResponseSchema } from "@recoup/contracts";

import { useReminderStateMutation } from "@/features/reminders";
import { api } from "@/lib/api-client";

/** POST /v1/business/reminder-schedules/delete: refused (409, with the reason) while it is in use. */
export async function deleteSchedule(input: { companyId: string; id: string }) {
  await api.post(apiPaths.reminderSchedules.delete, input, { schema: assignedResponseSchema });
}

export function useDeleteSchedule() {
  return useReminderStateMutation(deleteSchedule);
}
