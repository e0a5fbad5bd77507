import { apiPaths, UPCOMING_DAYS, upcomingRemindersResponseSchema } from "@recoup/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { remindersKey } from "@/features/reminders/api/query-keys";
import { api } from "@/lib/api-client";

/** GET /v1/business/reminders/upcoming: the planned sends of the next 14 days. */
export async function getUpcomingReminders(companyId: string, limit: number) {
  const res = await api.get(apiPaths.reminders.upcoming, {
    query: { companyId, days: UPCOMING_DAYS, limit },
    schema: upcomingRemindersResponseSchema,
  });
  return res.data;
}

export const upcomingRemindersQueryOptions = (companyId: string, limit: number) =>
  queryOptions({
    queryKey: remindersKey("upcoming", companyId, limit),
    queryFn: () => getUpcomingReminders(companyId, limit),
  });

export function useUpcomingReminders(companyId: string, limit = 50) {
  return useQuery(upcomingRemindersQueryOptions(companyId, limit));
}
