import { customerPageResponseSchema } from "@recoup/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";

import { customerPagePath } from "@/features/customer-page/api/paths";
import { api } from "@/lib/api-client";

/**
 * GET /v1/pay/:token: what the link's customer owes. Public: no bearer token is sent and a 401
 * starts no refresh (`auth: false`); the token in the path is the only credential.
 */
export async function getCustomerPage(token: string) {
  const res = await api.get(customerPagePath(token), { auth: false, schema: customerPageResponseSchema });
  return res.data;
}

export const customerPageQueryOptions = (token: string) =>
  queryOptions({ queryKey: ["customer-page", token], queryFn: () => getCustomerPage(token) });

export function useCustomerPage(token: string) {
  return useQuery(customerPageQueryOptions(token));
}
