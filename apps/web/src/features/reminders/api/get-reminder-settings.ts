import { apiPaths, reminderSettingsResponseSchema } from "@recoup/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { remindersKey } from "@/features/reminders/api/query-keys";
import { api } from "@/lib/api-client";

export const reminderSettingsQueryKey = (companyId: string) => remindersKey("settings", companyId);

/** GET /v1/business/reminders/settings?companyId=: on or off, send time, weekdays, today's window. */
export async function getReminderSettings(companyId: string) {
  const res = await api.get(apiPaths.reminders.settings, {
    query: { companyId },
    schema: reminderSettingsResponseSchema,
  });
  return res.data;
}

export const reminderSettingsQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: reminderSettingsQueryKey(companyId),
    queryFn: () => getReminderSettings(companyId),
  });

export function useReminderSettings(companyId: string) {
  return useQuery(reminderSettingsQueryOptions(companyId));
}
