import { apiPaths, type invoiceListQuerySchema, invoiceListResponseSchema } from "@recoup/contracts";
import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";

import { api } from "@/lib/api-client";
import { listPageQueryOptions } from "@/lib/collections-query";

export type InvoiceListParams = z.output<typeof invoiceListQuerySchema>;

/** GET /v1/business/invoice/list: one page of invoices, sorted, searched and filtered by the server. */
export async function getInvoices(query: InvoiceListParams) {
  const res = await api.get(apiPaths.invoices.list, { query, schema: invoiceListResponseSchema });
  return res.data;
}

export const invoicesQueryOptions = (query: InvoiceListParams) =>
  listPageQueryOptions(["invoices", query], () => getInvoices(query));

export function useInvoices(query: InvoiceListParams) {
  return useQuery(invoicesQueryOptions(query));
}
