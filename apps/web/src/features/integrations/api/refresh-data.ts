import { apiPaths, pullResponseSchema } from "@recoup/contracts";
import { useMutation } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

/** GET /v1/business/invoice/pull/{companyId} → { data: { queued, mode, progress, counts } }. */
export async function refreshQuickbooksData(companyId: string) {
  const res = await api.get(apiPaths.quickbooks.pull(companyId), { schema: pullResponseSchema });
  return res.data;
}

export function useRefreshQuickbooksData() {
  return useMutation({ mutationFn: refreshQuickbooksData });
}
