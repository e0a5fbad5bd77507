import { type ageReportQuerySchema, ageReportResponseSchema, apiPaths } from "@recoup/contracts";
import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";

import { api } from "@/lib/api-client";
import { listPageQueryOptions } from "@/lib/collections-query";

export type AgeReportParams = z.output<typeof ageReportQuerySchema>;

/** GET /v1/business/invoice/ageReport: one page of customers by bucket, and the totals over all of them. */
export async function getAgeReport(query: AgeReportParams) {
  const res = await api.get(apiPaths.invoices.ageReport, { query, schema: ageReportResponseSchema });
  return res.data;
}

export const ageReportQueryOptions = (query: AgeReportParams) =>
  listPageQueryOptions(["aging", query], () => getAgeReport(query));

export function useAgeReport(query: AgeReportParams) {
  return useQuery(ageReportQueryOptions(query));
}
