import { apiPaths, dismissInboundFailureResponseSchema, type InboundFailureQuery } from "@recoup/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import { communicationsKey } from "@/lib/communications/query-keys";

/** POST /v1/business/invoice/inbound-failures/dismiss: the message was dealt with; it leaves the list. */
export async function dismissInboundFailure(input: InboundFailureQuery) {
  const res = await api.post(apiPaths.communications.dismissInboundFailure, input, {
    schema: dismissInboundFailureResponseSchema,
  });
  return res.data.dismissed;
}

export function useDismissInboundFailure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissInboundFailure,
    onSuccess: (_done, { companyId }) =>
      queryClient.invalidateQueries({ queryKey: communicationsKey("inbound-failures", companyId) }),
  });
}
