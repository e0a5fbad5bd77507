import { apiPaths, type SendReminderRequest, sendReminderResponseSchema } from "@recoup/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateReminderState } from "@/features/reminders/api/invalidate";
import { api } from "@/lib/api-client";

/** POST /v1/business/reminders/send: the edited reminder, through the same outbox as automatic ones. */
export async function sendReminder(input: SendReminderRequest) {
  const res = await api.post(apiPaths.reminders.send, input, { schema: sendReminderResponseSchema });
  return res.data;
}

/**
 * The send job records the email as sent a moment after it is queued, later on a busy server: the
 * rows are read again a few times over the next half minute, so they show it when it happens.
 */
const READ_AGAIN_AFTER_MS = [2_000, 5_000, 10_000, 20_000, 30_000];

export function useSendReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendReminder,
    onSuccess: () => {
      for (const ms of READ_AGAIN_AFTER_MS) setTimeout(() => void invalidateReminderState(queryClient), ms);
      return invalidateReminderState(queryClient);
    },
  });
}
