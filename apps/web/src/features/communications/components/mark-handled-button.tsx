import { CheckIcon, Loader2Icon } from "lucide-react";
import { toast } from "sonner";

import { Button } from "@/components/ui/button";
import { useMarkHandled } from "@/features/communications/api/mark-handled";

/** 'Mark as handled': the reply was dealt with, and the invoice's automatic reminders resume. */
export function MarkHandledButton({ companyId, invoiceId }: { companyId: string; invoiceId: string }) {
  const mark = useMarkHandled();
  return (
    <Button
      size="sm"
      className="w-fit"
      disabled={mark.isPending}
      // Through the promise, not `mutate`'s callbacks: those are dropped once this button unmounts,
      // and it does as soon as the thread, read again, shows the reply handled.
      onClick={() =>
        mark.mutateAsync({ companyId, invoiceId }).then(
          () => toast.success("Reply marked as handled. Reminders for this invoice resume."),
          () => toast.error("Failed to mark the reply as handled. Please try again."),
        )
      }
    >
      {mark.isPending ? (
        <Loader2Icon className="animate-spin" aria-hidden="true" />
      ) : (
        <CheckIcon aria-hidden="true" />
      )}
      Mark as handled
    </Button>
  );
}
