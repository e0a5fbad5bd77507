import { apiPaths, profileResponseSchema } from "@recoup/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

export const profileQueryKey = (companyId: string, email: string) => ["profile", companyId, email] as const;

/** GET /v1/business/settings/get-profile/{companyId}/{email} → the profile (not wrapped in data). */
export async function getProfile(companyId: string, email: string) {
  return api.get(apiPaths.settings.getProfile(companyId, email), { schema: profileResponseSchema });
}

export const profileQueryOptions = (companyId: string, email: string) =>
  queryOptions({ queryKey: profileQueryKey(companyId, email), queryFn: () => getProfile(companyId, email) });

export function useProfile(companyId: string | null | undefined, email: string | undefined) {
  return useQuery({
    ...profileQueryOptions(companyId ?? "", email ?? ""),
    enabled: Boolean(companyId && email),
  });
}
