import { apiPaths, scheduleImpactResponseSchema } from "@recoup/contracts";
import { useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

interface ScheduleRef {
  companyId: string;
  id: string;
}

/**
 * POST /v1/business/reminder-schedules/impact: the customers following the schedule and the
 * reminders planned for them in the next 14 days. A read, though sent as POST.
 */
export async function getScheduleImpact(input: ScheduleRef) {
  const res = await api.post(apiPaths.reminderSchedules.impact, input, {
    schema: scheduleImpactResponseSchema,
  });
  return res.data;
}

/** Read afresh each time a change is about to be confirmed. */
export function useScheduleImpact(input: ScheduleRef, enabled: boolean) {
  return useQuery({
    queryKey: ["schedule-impact", input],
    queryFn: () => getScheduleImpact(input),
    enabled,
    gcTime: 0,
  });
}
