import { FileTextIcon } from "lucide-react";

import { PageHeader } from "@/components/page-header";
import { UpcomingNote } from "@/components/upcoming-note";

export function InvoicesPage() {
  return (
    <div className="grid gap-6">
      <PageHeader title="Invoices" description="Every invoice, its balance and its reminders." />
      <UpcomingNote icon={FileTextIcon} title="Connect QuickBooks to see your invoices here.">
        Invoices, their status and their reminder schedule arrive with the QuickBooks data sync.
      </UpcomingNote>
    </div>
  );
}
