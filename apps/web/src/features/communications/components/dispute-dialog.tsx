import {
  type DisputeReason,
  disputeReasonLabels,
  disputeReasons,
  MAX_DISPUTE_MESSAGE_LENGTH,
  recordDisputeRequestSchema,
} from "@recoup/contracts";
import { type FormEvent, useState } from "react";

import { FormDialog } from "@/components/form-dialog";
import { FormField, fieldA11y } from "@/components/form-field";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { useRecordDispute } from "@/features/communications/api/holds";
import { toastHoldOutcome } from "@/features/communications/utils/hold-outcome";

/** 'Record dispute': a customer disputed the invoice by phone or email; it leaves the chase until resolved. */
export function DisputeDialog({
  open,
  onOpenChange,
  companyId,
  invoiceId,
  what,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  companyId: string;
  invoiceId: string;
  /** "invoice #1042". */
  what: string;
}) {
  const record = useRecordDispute();
  const [reason, setReason] = useState<DisputeReason>("other");
  const [message, setMessage] = useState("");
  const [submitted, setSubmitted] = useState(false);
  // The request's own rule and sentence: not empty once trimmed.
  const checked = recordDisputeRequestSchema.shape.message.safeParse(message);
  const error = submitted && !checked.success ? checked.error.issues[0]?.message : undefined;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (!checked.success) return;
    const input = { companyId, invoiceId, reason, message: checked.data };
    if (
      await toastHoldOutcome(record.mutateAsync(input), "Failed to record the dispute. Please try again.")
    ) {
      onOpenChange(false);
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      pending={record.isPending}
      title={`Record a dispute for ${what}`}
      description="No automatic reminder is sent for this invoice until someone resolves the dispute."
      submitLabel="Record dispute"
      onSubmit={onSubmit}
    >
      <FormField id="dispute-reason" label="Reason">
        <NativeSelect
          id="dispute-reason"
          value={reason}
          onChange={(event) => setReason(event.target.value as DisputeReason)}
          disabled={record.isPending}
        >
          {disputeReasons.map((value) => (
            <option key={value} value={value}>
              {disputeReasonLabels[value]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id="dispute-message" label="What is wrong" error={error}>
        <Textarea
          {...fieldA11y("dispute-message", error)}
          value={message}
          maxLength={MAX_DISPUTE_MESSAGE_LENGTH}
          onChange={(event) => setMessage(event.target.value)}
          disabled={record.isPending}
        />
      </FormField>
    </FormDialog>
  );
}
