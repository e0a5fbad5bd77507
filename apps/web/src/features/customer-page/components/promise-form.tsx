import { type CustomerPageInvoice, customerPageMessages, MAX_PROMISE_NOTE_LENGTH } from "@recoup/contracts";
import { type ReactNode, useId, useState } from "react";

import { FormField, fieldA11y, InputField } from "@/components/form-field";
import { Textarea } from "@/components/ui/textarea";
import { usePostPromise } from "@/features/customer-page/api/post-promise";
import { ActionDialog } from "@/features/customer-page/components/action-dialog";
import { useActionForm } from "@/features/customer-page/hooks/use-action-form";
import { latestPromiseDate, promiseDateError } from "@/features/customer-page/utils/promise-date";
import { formatDate } from "@/lib/format";

/**
 * 'Promise to pay': "I will pay by <date>" for one invoice or for all of them, with a note. The date
 * runs from the company's today to 90 days on, checked here with the API's own sentences. A
 * promised invoice opens with its promise, to be moved.
 */
export function PromiseForm({
  token,
  today,
  invoices,
  trigger,
  noticeId,
  onRecorded,
}: {
  token: string;
  today: string;
  invoices: CustomerPageInvoice[];
  trigger: ReactNode;
  noticeId: string;
  onRecorded: (message: string) => void;
}) {
  const single = invoices.length === 1 ? invoices[0] : undefined;
  const [date, setDate] = useState(single?.promise?.date ?? "");
  const [note, setNote] = useState(single?.promise?.note ?? "");
  const form = useActionForm(usePostPromise(token), onRecorded);
  const id = useId();
  const latest = latestPromiseDate(today);
  const dateError = form.checked ? promiseDateError(date, today) : null;

  function onSubmit() {
    const invalid = promiseDateError(date, today) !== null;
    if (invalid) document.getElementById(`${id}-date`)?.focus();
    const invoiceIds = invoices.map((invoice) => invoice.id);
    form.submit(invalid ? null : { invoiceIds, date, note: note.trim() || undefined });
  }

  return (
    <ActionDialog
      {...form.dialog}
      trigger={trigger}
      title={
        single
          ? `${customerPageMessages.promiseToPay}: invoice ${single.number}`
          : `${customerPageMessages.promiseToPay}: all ${invoices.length} open invoices`
      }
      description={
        single
          ? "Choose the day you will pay by. No reminder is sent for this invoice until then."
          : `Invoices ${invoices.map((invoice) => invoice.number).join(", ")}. Choose the day you will pay them all by. No reminder is sent for them until then.`
      }
      submitLabel="Send promise"
      noticeId={noticeId}
      onSubmit={onSubmit}
    >
      <InputField
        id={`${id}-date`}
        label="I will pay by"
        type="date"
        required
        min={today}
        max={latest}
        value={date}
        onChange={(event) => setDate(event.target.value)}
        error={dateError ?? undefined}
        hint={`Any day from ${formatDate(today)} to ${formatDate(latest)}.`}
        inputClassName="dark:[color-scheme:dark]"
      />
      <FormField id={`${id}-note`} label="Note (optional)">
        <Textarea
          {...fieldA11y(`${id}-note`)}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          maxLength={MAX_PROMISE_NOTE_LENGTH}
          rows={3}
          placeholder="For example: paying by bank transfer"
        />
      </FormField>
    </ActionDialog>
  );
}
