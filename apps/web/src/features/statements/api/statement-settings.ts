import {
  apiPaths,
  type SaveStatementSettingsRequest,
  statementSettingsResponseSchema,
} from "@recoup/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import { COLLECTIONS_KEY } from "@/lib/collections-query";

/** Under the collections key: turning reminders on or off reads it again (`remindersOn`). */
const statementSettingsKey = (companyId: string) =>
  [COLLECTIONS_KEY, "statement-settings", companyId] as const;

/** GET /v1/business/statements/settings?companyId=: monthly statements on or off, and when they go next. */
export function useStatementSettings(companyId: string) {
  return useQuery({
    queryKey: statementSettingsKey(companyId),
    queryFn: async () => {
      const res = await api.get(apiPaths.statements.settings, {
        query: { companyId },
        schema: statementSettingsResponseSchema,
      });
      return res.data;
    },
  });
}

/** POST /v1/business/statements/settings { companyId, monthly }. */
export function useSaveStatementSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SaveStatementSettingsRequest) => {
      const res = await api.post(apiPaths.statements.settings, input, {
        schema: statementSettingsResponseSchema,
      });
      return res.data;
    },
    onSuccess: (saved, input) => queryClient.setQueryData(statementSettingsKey(input.companyId), saved),
  });
}
