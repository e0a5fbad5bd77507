import {
  type CustomerPageInvoice,
  customerPageMessages,
  type DisputeReason,
  disputeReasonLabels,
  disputeReasons,
  disputeRequestSchema,
  MAX_DISPUTE_MESSAGE_LENGTH,
} from "@recoup/contracts";
import { type ReactNode, useId, useState } from "react";

import { FormField, fieldA11y } from "@/components/form-field";
import { Textarea } from "@/components/ui/textarea";
import { usePostDispute } from "@/features/customer-page/api/post-dispute";
import { ActionDialog } from "@/features/customer-page/components/action-dialog";
import { useActionForm } from "@/features/customer-page/hooks/use-action-form";
import { cn } from "@/lib/utils";

const reasonMissing = "Choose what is wrong.";

/** The reasons as radio buttons: all five in sight, each a large target. */
function ReasonChoice({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: DisputeReason | "";
  onChange: (reason: DisputeReason) => void;
  error?: string;
}) {
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 text-sm leading-none font-medium">What is wrong?</legend>
      {disputeReasons.map((reason) => (
        <label
          key={reason}
          className={cn(
            "flex cursor-pointer items-center gap-3 rounded-md border px-3 py-2.5 text-sm",
            "has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-ring/50 has-[:focus-visible]:ring-[3px]",
          )}
        >
          <input
            type="radio"
            name={id}
            value={reason}
            checked={value === reason}
            onChange={() => onChange(reason)}
            aria-invalid={error ? true : undefined}
            className="accent-primary size-4 shrink-0 outline-none"
          />
          {disputeReasonLabels[reason]}
        </label>
      ))}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** 'Dispute': a reason and a message. Once sent the invoice shows 'Disputed' and offers no 'Dispute'. */
export function DisputeForm({
  token,
  invoice,
  trigger,
  noticeId,
  onRecorded,
}: {
  token: string;
  invoice: CustomerPageInvoice;
  /** The button, or null once the invoice is disputed (the dialog stays mounted to finish). */
  trigger: ReactNode | null;
  noticeId: string;
  onRecorded: (message: string) => void;
}) {
  const [reason, setReason] = useState<DisputeReason | "">("");
  const [message, setMessage] = useState("");
  const form = useActionForm(usePostDispute(token), onRecorded);
  const id = useId();
  const parsed = disputeRequestSchema.safeParse({ invoiceId: invoice.id, reason, message });
  const errorOf = (field: "reason" | "message") =>
    parsed.success ? undefined : parsed.error.issues.find((issue) => issue.path[0] === field);
  const reasonError = form.checked && errorOf("reason") ? reasonMissing : undefined;
  const messageError = form.checked ? errorOf("message")?.message : undefined;

  function onSubmit() {
    if (!parsed.success) {
      const first = errorOf("reason")
        ? document.querySelector<HTMLElement>(`input[name="${id}-reason"]`)
        : document.getElementById(`${id}-message`);
      first?.focus();
    }
    form.submit(parsed.success ? parsed.data : null);
  }

  return (
    <ActionDialog
      {...form.dialog}
      trigger={trigger}
      title={`${customerPageMessages.dispute}: invoice ${invoice.number}`}
      description="Say what is wrong with this invoice. Reminders for it stop while it is looked into."
      submitLabel="Send dispute"
      noticeId={noticeId}
      onSubmit={onSubmit}
    >
      <ReasonChoice id={`${id}-reason`} value={reason} onChange={setReason} error={reasonError} />
      <FormField id={`${id}-message`} label="Message" error={messageError}>
        <Textarea
          {...fieldA11y(`${id}-message`, messageError)}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          maxLength={MAX_DISPUTE_MESSAGE_LENGTH}
          required
          rows={4}
        />
      </FormField>
    </ActionDialog>
  );
}
