import type { EmailThread } from "@recoup/contracts";

import { invoiceNumber } from "@/components/invoice-columns";
import { SectionCard } from "@/components/section-card";
import { DisputePanel } from "@/features/communications/components/dispute-panel";
import { PromisePanel } from "@/features/communications/components/promise-panel";
import type { HoldTarget } from "@/features/communications/utils/hold-target";

/**
 * The invoice's promise to pay and dispute, side by side on the widest screens, with what a user can do
 * about each. Not shown for a paid or voided invoice with neither.
 */
export function ThreadHolds({ companyId, thread }: { companyId: string; thread: EmailThread }) {
  const { invoice } = thread;
  const open = invoice.status === "Open" || invoice.status === "Overdue";
  if (!open && !thread.promise && !thread.dispute) return null;
  const target: HoldTarget = {
    companyId,
    invoiceId: invoice.invoiceId,
    what: `invoice ${invoiceNumber({ docNumber: invoice.docNumber, id: invoice.invoiceId })}`,
    today: thread.today,
    open,
  };
  return (
    <SectionCard
      id="thread-holds-title"
      title="Promise and dispute"
      description="What the customer said they will do, or what they dispute. Either holds the invoice's reminders."
      contentClassName="grid gap-4 2xl:grid-cols-2"
    >
      <PromisePanel target={target} promise={thread.promise} />
      <DisputePanel target={target} dispute={thread.dispute} />
    </SectionCard>
  );
}
