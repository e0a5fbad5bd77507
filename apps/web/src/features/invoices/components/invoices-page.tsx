import { ListCardSkeleton } from "@/components/list-card";
import { PageHeader } from "@/components/page-header";
import { QuickbooksGate } from "@/components/quickbooks-gate";
import { SyncProgressPanel } from "@/components/sync-progress";
import { InvoicesTable } from "@/features/invoices/components/invoices-table";
import { PullButton } from "@/features/invoices/components/pull-button";
import { useQuickbooksConnection } from "@/hooks/use-quickbooks-connection";

export function InvoicesPage() {
  const qb = useQuickbooksConnection();
  const syncing = qb.state === "ready" && qb.connection?.syncing;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title="Invoices"
        description="Every invoice from QuickBooks, with what is still owed."
        actions={qb.state === "ready" ? <PullButton qb={qb} /> : null}
      />
      {syncing ? <SyncProgressPanel progress={qb.connection?.progress ?? null} /> : null}
      <QuickbooksGate qb={qb} what="your invoices" skeleton={<ListCardSkeleton />}>
        {qb.companyId ? <InvoicesTable companyId={qb.companyId} /> : null}
      </QuickbooksGate>
    </div>
  );
}
