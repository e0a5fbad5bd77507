import { apiPaths, type CustomerRefQuery, paymentHistoryResponseSchema } from "@recoup/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import { COLLECTIONS_KEY } from "@/lib/collections-query";

/** GET /v1/business/customer/customer-payment-history?realmId&customerRef: payments and credits, newest first. */
export async function getPaymentHistory(query: CustomerRefQuery) {
  const res = await api.get(apiPaths.customers.paymentHistory, {
    query,
    schema: paymentHistoryResponseSchema,
  });
  return res.data.payments;
}

export const paymentHistoryQueryOptions = (query: CustomerRefQuery) =>
  queryOptions({
    queryKey: [COLLECTIONS_KEY, "customers", "payments", query.realmId, query.customerRef],
    queryFn: () => getPaymentHistory(query),
  });

export function usePaymentHistory(query: CustomerRefQuery) {
  return useQuery(paymentHistoryQueryOptions(query));
}
