import { ListCardSkeleton } from "@/components/list-card";
import { PageHeader } from "@/components/page-header";
import { QuickbooksGate } from "@/components/quickbooks-gate";
import { AgingTable } from "@/features/aging-report/components/aging-table";
import { useQuickbooksConnection } from "@/hooks/use-quickbooks-connection";

export function AgingReportPage() {
  const qb = useQuickbooksConnection();
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title="Aging Report"
        description="What each customer owes, by how many days it is past due."
      />
      <QuickbooksGate qb={qb} what="your aging report" skeleton={<ListCardSkeleton />}>
        {qb.companyId ? <AgingTable companyId={qb.companyId} /> : null}
      </QuickbooksGate>
    </div>
  );
}
