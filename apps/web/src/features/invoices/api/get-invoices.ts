import { apiPaths, type invoiceListQuerySchema, invoiceListResponseSchema } from "@recoup/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";

import { api } from "@/lib/api-client";
import { COLLECTIONS_KEY } from "@/lib/collections-query";

export type InvoiceListParams = z.output<typeof invoiceListQuerySchema>;

/** GET /v1/business/invoice/list: one page of invoices, sorted, searched and filtered by the server. */
export async function getInvoices(query: InvoiceListParams) {
  const res = await api.get(apiPaths.invoices.list, { query, schema: invoiceListResponseSchema });
  return res.data;
}

export const invoicesQueryOptions = (query: InvoiceListParams) =>
  queryOptions({
    queryKey: [COLLECTIONS_KEY, "invoices", query],
    queryFn: () => getInvoices(query),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useInvoices(query: InvoiceListParams) {
  return useQuery(invoicesQueryOptions(query));
}
