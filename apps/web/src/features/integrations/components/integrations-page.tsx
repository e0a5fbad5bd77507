import { PlugIcon } from "lucide-react";

import { PageHeader } from "@/components/page-header";
import { UpcomingNote } from "@/components/upcoming-note";

export function IntegrationsPage() {
  return (
    <div className="grid gap-6">
      <PageHeader
        title="QuickBooks Integration"
        description="Connect your QuickBooks Online company to sync customers, invoices and payments."
      />
      <UpcomingNote icon={PlugIcon} title="Connecting QuickBooks is not available yet.">
        The QuickBooks connection arrives with the data sync.
      </UpcomingNote>
    </div>
  );
}
