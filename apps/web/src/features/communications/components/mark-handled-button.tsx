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
      onClick={() =>
        mark.mutate(
          { companyId, invoiceId },
          {
            onSuccess: () => toast.success("Reply marked as handled. Reminders for this invoice resume."),
            onError: () => toast.error("Failed to mark the reply as handled. Please try again."),
          },
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
