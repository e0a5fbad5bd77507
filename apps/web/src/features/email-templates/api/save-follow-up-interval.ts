import { apiPaths, type FollowUpIntervalValue, saveFollowUpIntervalResponseSchema } from "@recoup/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";

import { type getTemplates, templatesQueryKey } from "@/features/email-templates/api/get-templates";
import { invalidateReminderState } from "@/features/reminders";
import { api } from "@/lib/api-client";

export interface SaveFollowUpIntervalInput {
  companyId: string;
  followUpInterval: FollowUpIntervalValue;
}

/** POST /v1/business/templates/follow-up-interval → the stored interval. */
export async function saveFollowUpInterval(input: SaveFollowUpIntervalInput) {
  const res = await api.post(apiPaths.templates.followUpInterval, input, {
    schema: saveFollowUpIntervalResponseSchema,
  });
  return res.data;
}

type Templates = Awaited<ReturnType<typeof getTemplates>>;

/** Saves; the interval moves the planned after-due reminders, so those are read again. */
export function useSaveFollowUpInterval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFollowUpInterval,
    onSuccess: (saved, input) => {
      queryClient.setQueryData<Templates>(templatesQueryKey(input.companyId), (old) =>
        old ? { ...old, followUpInterval: saved.followUpInterval } : old,
      );
      return invalidateReminderState(queryClient);
    },
  });
}
