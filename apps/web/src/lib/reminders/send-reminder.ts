import { apiPaths, type SendReminderRequest, sendReminderResponseSchema } from "@recoup/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import { invalidateReminderState } from "@/lib/reminders/invalidate";

/** POST /v1/business/reminders/send: the edited reminder, through the same outbox as automatic ones. */
export async function sendReminder(input: SendReminderRequest) {
  const res = await api.post(apiPaths.reminders.send, input, { schema: sendReminderResponseSchema });
  return res.data;
}

/** The send job records the email as sent a moment after it is queued: the rows are read again then too. */
const RECORDED_AFTER_MS = 5_000;

export function useSendReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendReminder,
    onSuccess: () => {
      setTimeout(() => void invalidateReminderState(queryClient), RECORDED_AFTER_MS);
      return invalidateReminderState(queryClient);
    },
  });
}
