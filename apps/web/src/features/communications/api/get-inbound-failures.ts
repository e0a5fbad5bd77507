import { apiPaths, inboundFailuresResponseSchema } from "@recoup/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import { communicationsKey, LIVE_REFRESH_MS } from "@/lib/communications/query-keys";

/** GET /v1/business/invoice/inbound-failures: messages that came in but could not be read. */
export async function getInboundFailures(companyId: string) {
  const res = await api.get(apiPaths.communications.inboundFailures, {
    query: { companyId },
    schema: inboundFailuresResponseSchema,
  });
  return res.data;
}

export const inboundFailuresQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: communicationsKey("inbound-failures", companyId),
    queryFn: () => getInboundFailures(companyId),
    refetchInterval: LIVE_REFRESH_MS,
  });

export function useInboundFailures(companyId: string) {
  return useQuery(inboundFailuresQueryOptions(companyId));
}
