import { disputeReasonLabels, holdLabels, type InvoiceDispute } from "@recoup/contracts";
import { MessageSquareWarningIcon } from "lucide-react";
import { useState } from "react";

import { Button } from "@/components/ui/button";
import { useResolveDispute } from "@/features/communications/api/holds";
import { DisputeDialog } from "@/features/communications/components/dispute-dialog";
import { EndHoldButton } from "@/features/communications/components/end-hold-button";
import { HoldDetails, HoldPanel } from "@/features/communications/components/hold-panel";
import { type HoldTarget, holdSourceText } from "@/features/communications/utils/hold-target";
import { formatDateTime } from "@/lib/format";

/** The open dispute (reason, message, when and by whom) with 'Resolve dispute'; or 'Record dispute'. */
export function DisputePanel({ target, dispute }: { target: HoldTarget; dispute: InvoiceDispute | null }) {
  const [recording, setRecording] = useState(false);
  const resolve = useResolveDispute();
  const { companyId, invoiceId } = target;
  return (
    <HoldPanel id="dispute-title" title="Dispute">
      {dispute ? (
        <HoldDetails
          icon={MessageSquareWarningIcon}
          tone="text-violet-700 dark:text-violet-300"
          headline={`${holdLabels.disputed}: ${disputeReasonLabels[dispute.reason]}`}
          effect="Not chased until the dispute is resolved."
          words={dispute.message}
          origin={`Opened ${holdSourceText[dispute.source]}, ${formatDateTime(dispute.openedAt)}`}
        />
      ) : (
        <p className="text-muted-foreground text-sm">No open dispute.</p>
      )}
      {dispute ? (
        <EndHoldButton
          mutation={resolve}
          input={{ companyId, invoiceId }}
          label={holdLabels.resolveDispute}
          failed="Failed to resolve the dispute. Please try again."
        />
      ) : target.open ? (
        <Button size="sm" variant="outline" className="w-fit" onClick={() => setRecording(true)}>
          Record dispute
        </Button>
      ) : null}
      {recording ? (
        <DisputeDialog
          open
          onOpenChange={setRecording}
          companyId={companyId}
          invoiceId={invoiceId}
          what={target.what}
        />
      ) : null}
    </HoldPanel>
  );
}
