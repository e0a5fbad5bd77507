import { apiPaths, templatesResponseSchema } from "@recoup/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

export const templatesQueryKey = (companyId: string) => ["email-templates", companyId] as const;

/** GET /v1/business/templates?companyId=: the four stored templates, the interval and the signature. */
export async function getTemplates(companyId: string) {
  const res = await api.get(apiPaths.templates.list, {
    query: { companyId },
    schema: templatesResponseSchema,
  });
  return res.data;
}

export const templatesQueryOptions = (companyId: string) =>
  queryOptions({ queryKey: templatesQueryKey(companyId), queryFn: () => getTemplates(companyId) });

export function useTemplates(companyId: string) {
  return useQuery(templatesQueryOptions(companyId));
}
