import { apiPaths, dashboardResponseSchema } from "@recoup/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import { COLLECTIONS_KEY } from "@/lib/collections-query";

/** GET /v1/business/dashboard/summary?companyId=: the figures, aging, most overdue and recent activity. */
export async function getDashboardSummary(companyId: string) {
  const res = await api.get(apiPaths.dashboard.summary, {
    query: { companyId },
    schema: dashboardResponseSchema,
  });
  return res.data;
}

export const dashboardSummaryQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: [COLLECTIONS_KEY, "dashboard", companyId],
    queryFn: () => getDashboardSummary(companyId),
  });

export function useDashboardSummary(companyId: string) {
  return useQuery(dashboardSummaryQueryOptions(companyId));
}
