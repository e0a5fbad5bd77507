import { apiPaths, type MarkHandledRequest, markHandledResponseSchema } from "@recoup/contracts";

import { useReminderStateMutation } from "@/features/reminders";
import { api } from "@/lib/api-client";

/** POST /v1/business/invoice/mark-handled: the reply was dealt with; the invoice's reminders resume. */
export async function markHandled(input: MarkHandledRequest) {
  const res = await api.post(apiPaths.communications.markHandled, input, {
    schema: markHandledResponseSchema,
  });
  return res.data.handled;
}

/** The thread, its list and the invoice rows (their pause) are read again. */
export const useMarkHandled = () => useReminderStateMutation(markHandled);
