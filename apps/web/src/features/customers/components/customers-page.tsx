import { ListCardSkeleton } from "@/components/list-card";
import { PageHeader } from "@/components/page-header";
import { QuickbooksGate } from "@/components/quickbooks-gate";
import { CustomersTable } from "@/features/customers/components/customers-table";
import { useQuickbooksConnection } from "@/hooks/use-quickbooks-connection";

export function CustomersPage() {
  const qb = useQuickbooksConnection();
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader title="Customers" description="Customers with an open balance, and what they owe." />
      <QuickbooksGate qb={qb} what="your customers" skeleton={<ListCardSkeleton />}>
        {qb.companyId ? <CustomersTable companyId={qb.companyId} /> : null}
      </QuickbooksGate>
    </div>
  );
}
