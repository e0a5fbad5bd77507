import { reminderErrorCodes, reminderMessages } from "@recoup/contracts";
import { CircleAlertIcon, Loader2Icon, SendIcon } from "lucide-react";
import { Suspense } from "react";

import { QueryErrorState } from "@/components/data-states";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { useReminderDraft } from "@/features/reminders/api/get-reminder-draft";
import {
  ReminderFormSkeleton,
  SendReminderForm,
} from "@/features/reminders/components/send-reminder-form-lazy";
import { isApiError } from "@/lib/http";

export interface ReminderInvoice {
  id: string;
  /** "#1042", or how the invoice is named when it has no number. */
  label: string;
  customerName: string;
}

/**
 * 'Send reminder now': the reminder the invoice would get today, rendered with its details, the
 * subject and body editable; 'Send' puts it in the outbox (the logo and signature are added then).
 */
export function SendReminderDialog({
  open,
  onOpenChange,
  companyId,
  invoice,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  companyId: string;
  invoice: ReminderInvoice;
}) {
  const draft = useReminderDraft({ companyId, invoiceId: invoice.id }, open);
  const notRemindable = isApiError(draft.error, undefined, reminderErrorCodes.notRemindable);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <SendIcon className="size-4" aria-hidden="true" />
            {reminderMessages.sendNow}
          </DialogTitle>
          <DialogDescription>
            Invoice {invoice.label} for {invoice.customerName}. Edit the email if you like, then send it.
          </DialogDescription>
        </DialogHeader>
        {draft.isPending ? (
          <ReminderFormSkeleton />
        ) : notRemindable && isApiError(draft.error) ? (
          <Alert variant="destructive">
            <CircleAlertIcon aria-hidden="true" />
            <AlertDescription>{draft.error.message}</AlertDescription>
          </Alert>
        ) : draft.isError || !draft.data ? (
          <QueryErrorState title="Failed to prepare the reminder" query={draft} />
        ) : (
          <Suspense fallback={<ReminderFormSkeleton />}>
            <SendReminderForm
              companyId={companyId}
              draft={draft.data}
              onSent={() => onOpenChange(false)}
              onCancel={() => onOpenChange(false)}
            />
          </Suspense>
        )}
        {draft.isFetching && !draft.isPending ? (
          <Loader2Icon
            className="text-muted-foreground absolute top-4 right-12 size-4 animate-spin"
            aria-hidden="true"
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
