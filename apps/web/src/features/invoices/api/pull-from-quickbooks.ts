import { apiPaths, pullResponseSchema } from "@recoup/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import { expectSyncSoon, quickbooksStatusQueryKey } from "@/lib/quickbooks/status";

/** GET /v1/business/invoice/pull/{companyId}: queues a sync (or reports the one running). */
export async function pullFromQuickbooks(companyId: string) {
  const res = await api.get(apiPaths.quickbooks.pull(companyId), { schema: pullResponseSchema });
  return res.data;
}

/** Pulls, then polls the connection status fast so the sync's progress shows while it runs. */
export function usePullFromQuickbooks(email: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pullFromQuickbooks,
    onSuccess: () => {
      expectSyncSoon();
      if (email) return queryClient.invalidateQueries({ queryKey: quickbooksStatusQueryKey(email) });
    },
  });
}
