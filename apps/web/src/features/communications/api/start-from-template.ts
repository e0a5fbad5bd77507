import { useMutation } from "@tanstack/react-query";

import { getReminderDraft } from "@/features/reminders";

/** 'Start from template': the reminder template the invoice would get today, rendered, to edit and send. */
export function useStartFromTemplate() {
  return useMutation({ mutationFn: getReminderDraft });
}
