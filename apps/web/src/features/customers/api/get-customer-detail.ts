import { apiPaths, type CustomerRefQuery, customerDetailResponseSchema } from "@recoup/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import { COLLECTIONS_KEY } from "@/lib/collections-query";

/** GET /v1/business/customer/customer-detail-info?realmId&customerRef: contact, balances, invoices. */
export async function getCustomerDetail(query: CustomerRefQuery) {
  const res = await api.get(apiPaths.customers.detail, { query, schema: customerDetailResponseSchema });
  return res.data;
}

export const customerDetailQueryKey = (query: CustomerRefQuery) =>
  [COLLECTIONS_KEY, "customers", "detail", query.realmId, query.customerRef] as const;

export const customerDetailQueryOptions = (query: CustomerRefQuery) =>
  queryOptions({ queryKey: customerDetailQueryKey(query), queryFn: () => getCustomerDetail(query) });

export function useCustomerDetail(query: CustomerRefQuery) {
  return useQuery(customerDetailQueryOptions(query));
}
