import { apiPaths, type customerListQuerySchema, customerListResponseSchema } from "@recoup/contracts";
import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";

import { api } from "@/lib/api-client";
import { listPageQueryOptions } from "@/lib/collections-query";

export type CustomerListParams = z.output<typeof customerListQuerySchema>;

/** GET /v1/business/customer/customer-outstanding-invoices: customers with an open balance, one page. */
export async function getCustomers(query: CustomerListParams) {
  const res = await api.get(apiPaths.customers.outstanding, { query, schema: customerListResponseSchema });
  return res.data;
}

export const customersQueryOptions = (query: CustomerListParams) =>
  listPageQueryOptions(["customers", "list", query], () => getCustomers(query));

export function useCustomers(query: CustomerListParams) {
  return useQuery(customersQueryOptions(query));
}
