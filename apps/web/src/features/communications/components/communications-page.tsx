import { PageHeader } from "@/components/page-header";
import { QuickbooksGate } from "@/components/quickbooks-gate";
import {
  CommunicationsWorkspace,
  WorkspaceSkeleton,
} from "@/features/communications/components/communications-workspace";
import { UnreadMessages } from "@/features/communications/components/unread-messages";
import { useQuickbooksConnection } from "@/hooks/use-quickbooks-connection";

/** /communications: the invoices with an email thread, one thread open, its notes and a composer. */
export function CommunicationsPage() {
  const qb = useQuickbooksConnection();
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title="Communications"
        description="Reminder emails and your customers' replies, by invoice."
      />
      <QuickbooksGate qb={qb} what="your conversations" skeleton={<WorkspaceSkeleton />}>
        {qb.companyId ? (
          <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
            <UnreadMessages companyId={qb.companyId} />
            <CommunicationsWorkspace companyId={qb.companyId} />
          </div>
        ) : null}
      </QuickbooksGate>
    </div>
  );
}
