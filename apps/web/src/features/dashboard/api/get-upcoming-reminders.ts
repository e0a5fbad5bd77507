import { apiPaths, UPCOMING_DAYS, upcomingRemindersResponseSchema } from "@recoup/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import { remindersKey } from "@/lib/reminders/query-keys";

/** The dashboard's short list of what goes out next. */
const DASHBOARD_LIMIT = 8;

/** GET /v1/business/reminders/upcoming?companyId&days=14&limit=8: the next planned sends. */
export async function getUpcomingReminders(companyId: string) {
  const res = await api.get(apiPaths.reminders.upcoming, {
    query: { companyId, days: UPCOMING_DAYS, limit: DASHBOARD_LIMIT },
    schema: upcomingRemindersResponseSchema,
  });
  return res.data;
}

export const dashboardUpcomingQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: remindersKey("upcoming", companyId, DASHBOARD_LIMIT),
    queryFn: () => getUpcomingReminders(companyId),
  });

export function useDashboardUpcomingReminders(companyId: string) {
  return useQuery(dashboardUpcomingQueryOptions(companyId));
}
