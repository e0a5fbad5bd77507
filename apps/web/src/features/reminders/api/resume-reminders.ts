import { apiPaths, type ResumeRemindersRequest, resumeRemindersResponseSchema } from "@recoup/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateReminderState } from "@/features/reminders/api/invalidate";
import { api } from "@/lib/api-client";

/** POST /v1/business/reminders/resume: lifts the pause on an invoice or a customer. */
export async function resumeReminders(input: ResumeRemindersRequest) {
  const res = await api.post(apiPaths.reminders.resume, input, { schema: resumeRemindersResponseSchema });
  return res.data;
}

export function useResumeReminders() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resumeReminders, onSuccess: () => invalidateReminderState(queryClient) });
}
