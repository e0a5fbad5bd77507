import {
  apiPaths,
  reminderSettingsResponseSchema,
  type SaveReminderSettingsRequest,
} from "@recoup/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { reminderSettingsQueryKey } from "@/features/reminders/api/get-reminder-settings";
import { invalidateReminderState } from "@/features/reminders/api/invalidate";
import { api } from "@/lib/api-client";

/**
 * POST /v1/business/reminders/settings. Turning reminders on needs `confirm: true` (sent after the
 * person saw what would go out); without it the server answers 409 CONFIRMATION_REQUIRED.
 */
export async function saveReminderSettings(input: SaveReminderSettingsRequest) {
  const res = await api.post(apiPaths.reminders.settings, input, { schema: reminderSettingsResponseSchema });
  return res.data;
}

export function useSaveReminderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReminderSettings,
    onSuccess: (saved, input) => {
      queryClient.setQueryData(reminderSettingsQueryKey(input.companyId), saved);
      return invalidateReminderState(queryClient);
    },
  });
}
