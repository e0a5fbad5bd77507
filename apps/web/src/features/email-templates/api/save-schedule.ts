import {
  apiPaths,
  assignedResponseSchema,
  type SaveScheduleRequest,
  scheduleResponseSchema,
} from "@recoup/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";

import { invalidateReminderState } from "@/features/reminders";
import { api } from "@/lib/api-client";

/** POST /v1/business/reminder-schedules/save: creates (no id) or replaces a schedule. */
export async function saveSchedule(input: SaveScheduleRequest) {
  const res = await api.post(apiPaths.reminderSchedules.save, input, { schema: scheduleResponseSchema });
  return res.data;
}

/** POST /v1/business/reminder-schedules/assign-tag: the tag's customers follow the schedule (null: none). */
export async function assignTagSchedule(input: {
  companyId: string;
  tag: string;
  scheduleId: string | null;
}) {
  await api.post(apiPaths.reminderSchedules.assignTag, input, { schema: assignedResponseSchema });
}

export interface SaveScheduleInput {
  schedule: SaveScheduleRequest;
  /** Tags to give the schedule, and tags to take from it. */
  tags: { add: string[]; remove: string[] };
}

/** Saves the schedule, then its tags; who follows what changes, so reminder state is read again. */
export function useSaveSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ schedule, tags }: SaveScheduleInput) => {
      const saved = await saveSchedule(schedule);
      const { companyId } = schedule;
      for (const tag of tags.add) await assignTagSchedule({ companyId, tag, scheduleId: saved.id });
      for (const tag of tags.remove) await assignTagSchedule({ companyId, tag, scheduleId: null });
      return saved;
    },
    onSettled: () => invalidateReminderState(queryClient),
  });
}
