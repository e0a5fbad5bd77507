import {
  apiPaths,
  type communicationInvoicesQuerySchema,
  communicationInvoicesResponseSchema,
} from "@recoup/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";

import { api } from "@/lib/api-client";
import { communicationsKey, LIVE_REFRESH_MS } from "@/lib/communications/query-keys";

export type CommunicationInvoicesParams = z.output<typeof communicationInvoicesQuerySchema>;

/** GET /v1/business/invoice/communication-invoices: invoices with a thread, latest activity first. */
export async function getCommunicationInvoices(query: CommunicationInvoicesParams) {
  const res = await api.get(apiPaths.communications.invoices, {
    query: { ...query },
    schema: communicationInvoicesResponseSchema,
  });
  return res.data;
}

export const communicationInvoicesQueryOptions = (query: CommunicationInvoicesParams) =>
  queryOptions({
    queryKey: communicationsKey("invoices", query),
    queryFn: () => getCommunicationInvoices(query),
    placeholderData: keepPreviousData,
    // Replies arrive by email at any time: the list keeps itself current while it is on screen.
    refetchInterval: LIVE_REFRESH_MS,
  });

export function useCommunicationInvoices(query: CommunicationInvoicesParams) {
  return useQuery(communicationInvoicesQueryOptions(query));
}
