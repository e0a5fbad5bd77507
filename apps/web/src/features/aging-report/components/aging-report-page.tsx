import { ChartColumnIcon } from "lucide-react";

import { PageHeader } from "@/components/page-header";
import { UpcomingNote } from "@/components/upcoming-note";

export function AgingReportPage() {
  return (
    <div className="grid gap-6">
      <PageHeader title="Aging Report" description="Who owes what, by how long it has been due." />
      <UpcomingNote icon={ChartColumnIcon} title="Connect QuickBooks to see your aging report here.">
        Balances by customer in Current, 1-30, 31-60, 61-90 and over 90 days arrive with the QuickBooks data
        sync.
      </UpcomingNote>
    </div>
  );
}
