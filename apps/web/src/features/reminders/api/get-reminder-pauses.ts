import { apiPaths, reminderPausesResponseSchema } from "@recoup/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { remindersKey } from "@/features/reminders/api/query-keys";
import { api } from "@/lib/api-client";

export interface ReminderPausesParams {
  companyId: string;
  customerRef?: string;
  invoiceId?: string;
}

/** GET /v1/business/reminders/pauses: the pauses in force, for a customer or an invoice. */
export async function getReminderPauses(query: ReminderPausesParams) {
  const res = await api.get(apiPaths.reminders.pauses, {
    query: { ...query },
    schema: reminderPausesResponseSchema,
  });
  return res.data.pauses;
}

export const reminderPausesQueryOptions = (query: ReminderPausesParams) =>
  queryOptions({ queryKey: remindersKey("pauses", query), queryFn: () => getReminderPauses(query) });

export function useReminderPauses(query: ReminderPausesParams, enabled = true) {
  return useQuery({ ...reminderPausesQueryOptions(query), enabled });
}
