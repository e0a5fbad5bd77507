import { PageHeader } from "@/components/page-header";
import { QuickbooksGate } from "@/components/quickbooks-gate";
import { DashboardContent, DashboardSkeleton } from "@/features/dashboard/components/dashboard-content";
import { UsageLimitNotice } from "@/features/dashboard/components/usage-limit-notice";
import { useQuickbooksConnection } from "@/hooks/use-quickbooks-connection";

export function DashboardPage() {
  const qb = useQuickbooksConnection();
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader title="Dashboard" description="Your receivables at a glance." />
      <UsageLimitNotice />
      <QuickbooksGate qb={qb} what="your receivables" skeleton={<DashboardSkeleton />}>
        {qb.companyId ? <DashboardContent companyId={qb.companyId} /> : null}
      </QuickbooksGate>
    </div>
  );
}
