import { holdLabels, type InvoicePromise } from "@recoup/contracts";
import { CalendarCheckIcon, CalendarXIcon } from "lucide-react";
import { useState } from "react";

import { Button } from "@/components/ui/button";
import { useCancelPromise } from "@/features/communications/api/holds";
import { EndHoldButton } from "@/features/communications/components/end-hold-button";
import { HoldDetails, HoldPanel } from "@/features/communications/components/hold-panel";
import { PromiseDialog } from "@/features/communications/components/promise-dialog";
import { type HoldTarget, holdSourceText } from "@/features/communications/utils/hold-target";
import { formatDate, formatDateTime } from "@/lib/format";

/** The open promise (its date, note and who recorded it) with 'Change promise' and 'Cancel promise'; or 'Record promise'. */
export function PromisePanel({ target, promise }: { target: HoldTarget; promise: InvoicePromise | null }) {
  const [editing, setEditing] = useState(false);
  const cancel = useCancelPromise();
  const { companyId, invoiceId } = target;
  return (
    <HoldPanel id="promise-title" title="Promise to pay">
      {promise ? (
        <HoldDetails
          icon={promise.missed ? CalendarXIcon : CalendarCheckIcon}
          tone={
            promise.missed ? "text-amber-700 dark:text-amber-300" : "text-emerald-700 dark:text-emerald-300"
          }
          headline={
            promise.missed
              ? `${holdLabels.promiseMissed}: ${formatDate(promise.date)}`
              : holdLabels.promisedFor(formatDate(promise.date))
          }
          effect={
            promise.missed
              ? "The date passed unpaid: reminders follow the schedule again."
              : "No automatic reminder until the day after."
          }
          words={promise.note}
          origin={`Recorded ${holdSourceText[promise.source]}, ${formatDateTime(promise.recordedAt)}`}
        />
      ) : (
        <p className="text-muted-foreground text-sm">
          {target.open
            ? "No promise to pay. Record one the customer made by phone or email."
            : "No promise to pay."}
        </p>
      )}
      {target.open ? (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
            {promise ? holdLabels.changePromise : holdLabels.recordPromise}
          </Button>
          {promise ? (
            <EndHoldButton
              mutation={cancel}
              input={{ companyId, invoiceId }}
              label={holdLabels.cancelPromise}
              failed="Failed to cancel the promise. Please try again."
              variant="outline"
            />
          ) : null}
        </div>
      ) : null}
      {editing ? (
        <PromiseDialog
          open
          onOpenChange={setEditing}
          companyId={companyId}
          invoiceId={invoiceId}
          what={target.what}
          today={target.today}
          current={promise}
        />
      ) : null}
    </HoldPanel>
  );
}
