import { apiPaths, type ConfirmSenderRequest, confirmSenderResponseSchema } from "@recoup/contracts";

import { useReminderStateMutation } from "@/features/reminders";
import { api } from "@/lib/api-client";

/** POST /v1/business/invoice/confirm-sender: a held email is the customer's; it now does what it would have. */
export async function confirmSender(input: ConfirmSenderRequest) {
  const res = await api.post(apiPaths.communications.confirmSender, input, {
    schema: confirmSenderResponseSchema,
  });
  return res.data.confirmed;
}

/** The thread, its list and the invoice rows (their pause) are read again. */
export const useConfirmSender = () => useReminderStateMutation(confirmSender);
