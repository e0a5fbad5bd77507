import { type EmailMessage, heldLabels } from "@recoup/contracts";
import { Loader2Icon, ShieldAlertIcon, ShieldCheckIcon } from "lucide-react";
import { toast } from "sonner";

import { Button } from "@/components/ui/button";
import { useConfirmSender } from "@/features/communications/api/confirm-sender";

/** Why a held email changed nothing, by what it is and why it was held. */
function explanation(message: EmailMessage) {
  if (message.heldReason === "late") {
    return "It came after this thread's reply address expired (90 days without an email from you), so it changed nothing.";
  }
  if (message.kind === "bounce") {
    return "It names an address this thread was never sent to, so it changed nothing: reminders go on.";
  }
  return "It is not from an address of this customer or its domain, so it changed nothing: reminders go on.";
}

/**
 * An inbound email whose sender Recoup could not vouch for: marked, with 'Confirm sender', after
 * which it does what the customer's email would (a reply waits for someone, the invoice pauses).
 */
export function HeldSenderNotice({ companyId, message }: { companyId: string; message: EmailMessage }) {
  const confirm = useConfirmSender();
  if (message.sender === "known" || !message.heldReason) return null;
  if (message.sender === "confirmed") {
    return (
      <p className="text-muted-foreground flex items-center gap-1.5 text-xs">
        <ShieldCheckIcon className="size-3.5" aria-hidden="true" />
        {heldLabels[message.heldReason]}; sender confirmed.
      </p>
    );
  }
  return (
    <div
      data-testid="unknown-sender"
      className="grid gap-2 rounded-md border border-amber-600/40 bg-amber-500/10 p-3 text-sm"
    >
      <p className="flex items-center gap-1.5 font-medium">
        <ShieldAlertIcon className="size-4 shrink-0" aria-hidden="true" />
        {heldLabels[message.heldReason]}
      </p>
      <p className="text-muted-foreground">
        {explanation(message)} If it speaks for the customer, confirm the sender.
      </p>
      <Button
        size="sm"
        variant="outline"
        className="w-fit"
        disabled={confirm.isPending}
        // Through the promise: the button unmounts once the thread, read again, shows it confirmed.
        onClick={() =>
          confirm.mutateAsync({ companyId, emailId: message.id }).then(
            () => toast.success("Sender confirmed. This email now counts as the customer's."),
            () => toast.error("Failed to confirm the sender. Please try again."),
          )
        }
      >
        {confirm.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
        Confirm sender
      </Button>
    </div>
  );
}
