import { apiPaths, type StatementRequest, sendStatementResponseSchema } from "@recoup/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import { COLLECTIONS_KEY } from "@/lib/collections-query";

/** POST /v1/business/customer/statement/send: queued to the customer's billing contacts. */
export async function sendStatement(input: StatementRequest) {
  const res = await api.post(apiPaths.customers.sendStatement, input, {
    schema: sendStatementResponseSchema,
  });
  return res.data;
}

export function useSendStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendStatement,
    // The customer's emails are read again: the statement joins them once it is sent.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [COLLECTIONS_KEY] }),
  });
}
