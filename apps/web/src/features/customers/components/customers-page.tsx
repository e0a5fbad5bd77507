import { UsersIcon } from "lucide-react";

import { PageHeader } from "@/components/page-header";
import { UpcomingNote } from "@/components/upcoming-note";

export function CustomersPage() {
  return (
    <div className="grid gap-6">
      <PageHeader title="Customers" description="Customers with an open balance." />
      <UpcomingNote icon={UsersIcon} title="Connect QuickBooks to see your customers here.">
        Customers, their open invoices and balances arrive with the QuickBooks data sync.
      </UpcomingNote>
    </div>
  );
}
