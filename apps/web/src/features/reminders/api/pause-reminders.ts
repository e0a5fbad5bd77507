import { apiPaths, type PauseRemindersRequest, pauseRemindersResponseSchema } from "@recoup/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateReminderState } from "@/features/reminders/api/invalidate";
import { api } from "@/lib/api-client";

/** POST /v1/business/reminders/pause: an invoice or a customer, until a date or until resumed. */
export async function pauseReminders(input: PauseRemindersRequest) {
  const res = await api.post(apiPaths.reminders.pause, input, { schema: pauseRemindersResponseSchema });
  return res.data;
}

export function usePauseReminders() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: pauseReminders, onSuccess: () => invalidateReminderState(queryClient) });
}
