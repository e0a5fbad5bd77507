import { apiPaths, schedulesResponseSchema } from "@recoup/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";

import { remindersKey } from "@/features/reminders/api/query-keys";
import { api } from "@/lib/api-client";

/** Under the reminders key: a change to a schedule, a tag or a customer's choice reads it again. */
export const reminderSchedulesQueryKey = (companyId: string) => remindersKey("schedules", companyId);

/** GET /v1/business/reminder-schedules?companyId=: the company's schedules and who follows each. */
export async function getReminderSchedules(companyId: string) {
  const res = await api.get(apiPaths.reminderSchedules.list, {
    query: { companyId },
    schema: schedulesResponseSchema,
  });
  return res.data;
}

export const reminderSchedulesQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: reminderSchedulesQueryKey(companyId),
    queryFn: () => getReminderSchedules(companyId),
  });

export function useReminderSchedules(companyId: string) {
  return useQuery(reminderSchedulesQueryOptions(companyId));
}
