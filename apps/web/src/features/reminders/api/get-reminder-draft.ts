import { apiPaths, reminderDraftResponseSchema, type TemplateType } from "@recoup/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

export interface ReminderDraftParams {
  companyId: string;
  invoiceId: string;
  /** Default: the stage that fits the invoice today. */
  stage?: TemplateType;
}

/** GET /v1/business/reminders/draft: the reminder an invoice would get now, rendered, to edit. */
export async function getReminderDraft(query: ReminderDraftParams) {
  const res = await api.get(apiPaths.reminders.draft, {
    query: { ...query },
    schema: reminderDraftResponseSchema,
  });
  return res.data;
}

/**
 * Rendered afresh each time the dialog opens (the balance may have changed since), and never
 * again while it is open: its key is outside the collections, so a send or a sync does not
 * replace the text being edited.
 */
export const reminderDraftQueryOptions = (query: ReminderDraftParams) =>
  queryOptions({
    queryKey: ["reminder-draft", query],
    queryFn: () => getReminderDraft(query),
    staleTime: 0,
    gcTime: 0,
  });

export function useReminderDraft(query: ReminderDraftParams, enabled: boolean) {
  return useQuery({ ...reminderDraftQueryOptions(query), enabled });
}
