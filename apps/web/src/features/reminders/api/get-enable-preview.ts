import { apiPaths, enablePreviewResponseSchema } from "@recoup/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { remindersKey } from "@/features/reminders/api/query-keys";
import { api } from "@/lib/api-client";

export interface EnablePreviewParams {
  companyId: string;
  sendTime: string;
  weekdaysOnly: boolean;
}

/** GET /v1/business/reminders/enable-preview: what would go out at the next send time if turned on now. */
export async function getEnablePreview({ companyId, sendTime, weekdaysOnly }: EnablePreviewParams) {
  const res = await api.get(apiPaths.reminders.enablePreview, {
    query: { companyId, sendTime, weekdaysOnly: String(weekdaysOnly) },
    schema: enablePreviewResponseSchema,
  });
  return res.data;
}

// Always read fresh: the confirmation must show what would go out now, not a minute ago.
export const enablePreviewQueryOptions = (params: EnablePreviewParams) =>
  queryOptions({
    queryKey: remindersKey("enable-preview", params),
    queryFn: () => getEnablePreview(params),
    staleTime: 0,
    gcTime: 0,
  });

export function useEnablePreview(params: EnablePreviewParams, enabled: boolean) {
  return useQuery({ ...enablePreviewQueryOptions(params), enabled });
}
