import { DownloadIcon, Loader2Icon } from "lucide-react";
import { toast } from "sonner";

import { Button } from "@/components/ui/button";
import {
  type AgeReportCsvParams,
  useDownloadAgeReport,
} from "@/features/aging-report/api/download-age-report";

/** 'Download CSV': the whole report (every matching customer, in this order) with its totals rows. */
export function DownloadCsvButton({ query }: { query: AgeReportCsvParams }) {
  const download = useDownloadAgeReport();
  return (
    <Button
      variant="outline"
      className="w-full sm:ml-auto sm:w-auto"
      disabled={download.isPending}
      onClick={() =>
        download.mutate(query, {
          onError: () => toast.error("Failed to download the aging report. Please try again."),
        })
      }
    >
      {download.isPending ? (
        <Loader2Icon className="animate-spin" aria-hidden="true" />
      ) : (
        <DownloadIcon aria-hidden="true" />
      )}
      {download.isPending ? "Downloading..." : "Download CSV"}
    </Button>
  );
}
