import { apiPaths, type SendReminderRequest, sendReminderResponseSchema } from "@recoup/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import { invalidateReminderState } from "@/lib/reminders/invalidate";

/** POST /v1/business/reminders/send: the edited reminder, through the same outbox as automatic ones. */
export async function sendReminder(input: SendReminderRequest) {
  const res = await api.post(apiPaths.reminders.send, input, { schema: sendReminderResponseSchema });
  return res.data;
}

export function useSendReminder() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendReminder, onSuccess: () => invalidateReminderState(queryClient) });
}
