import { apiPaths, scheduleChangesResponseSchema } from "@recoup/contracts";
import { useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

/** GET /v1/business/reminder-schedules/changes?companyId&id: who changed the schedule, when, what. */
export async function getScheduleChanges(input: { companyId: string; id: string }) {
  const res = await api.get(apiPaths.reminderSchedules.changes, {
    query: input,
    schema: scheduleChangesResponseSchema,
  });
  return res.data;
}

/** Read when the history is opened, and again after the schedule is saved (its `updatedAt`). */
export function useScheduleChanges(
  input: { companyId: string; id: string; updatedAt: string },
  enabled: boolean,
) {
  return useQuery({
    queryKey: ["schedule-changes", input],
    queryFn: () => getScheduleChanges({ companyId: input.companyId, id: input.id }),
    enabled,
  });
}
