import { apiPaths } from "@recoup/contracts";
import { useMutation } from "@tanstack/react-query";

import type { AgeReportParams } from "@/features/aging-report/api/get-age-report";
import { fetchFile, saveBlob } from "@/lib/download";

export type AgeReportCsvParams = Omit<AgeReportParams, "page" | "size">;

/** GET /v1/business/invoice/ageReport/csv: every matching customer and the totals, saved as a file. */
export async function downloadAgeReport(query: AgeReportCsvParams) {
  const { blob, filename } = await fetchFile(apiPaths.invoices.ageReportCsv, query);
  saveBlob(blob, filename ?? "aging-report.csv");
}

export function useDownloadAgeReport() {
  return useMutation({ mutationFn: downloadAgeReport });
}
