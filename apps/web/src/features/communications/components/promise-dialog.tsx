import { holdLabels, type InvoicePromise, MAX_PROMISE_NOTE_LENGTH } from "@recoup/contracts";
import { type FormEvent, useState } from "react";

import { FormDialog } from "@/components/form-dialog";
import { FormField, fieldA11y } from "@/components/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { useRecordPromise } from "@/features/communications/api/holds";
import { toastHoldOutcome } from "@/features/communications/utils/hold-outcome";
import { promiseDateBounds, promiseDateError } from "@/features/communications/utils/promise-dates";

/**
 * 'Record promise' or 'Change promise': the date the customer will pay by (the company's today
 * up to 90 days ahead) and an optional note. Reminders for the invoice wait until the day after.
 */
export function PromiseDialog({
  open,
  onOpenChange,
  companyId,
  invoiceId,
  what,
  today,
  current,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  companyId: string;
  invoiceId: string;
  /** "invoice #1042". */
  what: string;
  /** The company's today (the thread's). */
  today: string;
  /** The open promise, when changing it. */
  current: InvoicePromise | null;
}) {
  const record = useRecordPromise();
  const bounds = promiseDateBounds(today);
  const [date, setDate] = useState(current && !current.missed ? current.date : "");
  const [note, setNote] = useState(current?.note ?? "");
  const [submitted, setSubmitted] = useState(false);
  const error = (submitted && promiseDateError(date, bounds)) || undefined;
  const title = current ? holdLabels.changePromise : holdLabels.recordPromise;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (promiseDateError(date, bounds)) return;
    const input = { companyId, invoiceId, date, note: note.trim() || undefined };
    if (await toastHoldOutcome(record.mutateAsync(input), "Failed to save the promise. Please try again.")) {
      onOpenChange(false);
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      pending={record.isPending}
      title={`${title} for ${what}`}
      description="No automatic reminder is sent for this invoice until the day after this date. If it is still unpaid then, the Missed Promise email goes once and the schedule resumes."
      submitLabel={title}
      onSubmit={onSubmit}
    >
      <FormField id="promise-date" label="Pay by" error={error} hint="From today, within the next 90 days.">
        <Input
          {...fieldA11y("promise-date", error, true)}
          type="date"
          min={bounds.min}
          max={bounds.max}
          value={date}
          onChange={(event) => setDate(event.target.value)}
          disabled={record.isPending}
          className="dark:[color-scheme:dark]"
        />
      </FormField>
      <FormField id="promise-note" label="Note (optional)">
        <Textarea
          id="promise-note"
          value={note}
          maxLength={MAX_PROMISE_NOTE_LENGTH}
          onChange={(event) => setNote(event.target.value)}
          disabled={record.isPending}
          placeholder="What the customer said, e.g. on the phone"
        />
      </FormField>
    </FormDialog>
  );
}
