import { LayoutDashboardIcon } from "lucide-react";

import { PageHeader } from "@/components/page-header";
import { UpcomingNote } from "@/components/upcoming-note";

export function DashboardPage() {
  return (
    <div className="grid gap-6">
      <PageHeader title="Dashboard" description="Your receivables at a glance." />
      <UpcomingNote icon={LayoutDashboardIcon} title="Connect QuickBooks to see your receivables here.">
        Outstanding and overdue totals, aging and upcoming reminders arrive with the QuickBooks data sync.
      </UpcomingNote>
    </div>
  );
}
