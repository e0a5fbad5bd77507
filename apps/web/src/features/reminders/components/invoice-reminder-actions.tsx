import type { InvoiceRow } from "@recoup/contracts";
import { reminderMessages } from "@recoup/contracts";
import { EllipsisIcon, PauseIcon, PlayIcon, SendIcon } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useResumeReminders } from "@/features/reminders/api/resume-reminders";
import { PauseRemindersDialog } from "@/features/reminders/components/pause-reminders-dialog";
import { SendReminderDialog } from "@/features/reminders/components/send-reminder-dialog";

type Invoice = Pick<
  InvoiceRow,
  "id" | "docNumber" | "customerName" | "status" | "balanceCents" | "remindersPaused"
>;

/** An invoice row's reminder menu: 'Send reminder now', and 'Pause reminders' or 'Resume reminders'. */
export function InvoiceReminderActions({
  companyId,
  invoice,
  label,
}: {
  companyId: string;
  invoice: Invoice;
  /** "#1042" */
  label: string;
}) {
  const [dialog, setDialog] = useState<"send" | "pause" | null>(null);
  const resume = useResumeReminders();
  const open = invoice.status !== "Paid" && invoice.status !== "Voided" && invoice.balanceCents > 0;
  const paused = invoice.remindersPaused;

  function onResume() {
    resume.mutate(
      { companyId, invoiceId: invoice.id },
      {
        onSuccess: () => toast.success(reminderMessages.resumed),
        onError: () => toast.error("Failed to resume reminders. Please try again."),
      },
    );
  }

  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={`Reminders for invoice ${label}`}
          >
            <EllipsisIcon aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem disabled={!open} onSelect={() => setDialog("send")}>
            <SendIcon aria-hidden="true" />
            {reminderMessages.sendNow}
          </DropdownMenuItem>
          {paused?.scope === "invoice" ? (
            <DropdownMenuItem disabled={resume.isPending} onSelect={onResume}>
              <PlayIcon aria-hidden="true" />
              {reminderMessages.resume}
            </DropdownMenuItem>
          ) : paused?.scope === "customer" ? (
            <DropdownMenuItem disabled>
              <PauseIcon aria-hidden="true" />
              Paused for the customer
            </DropdownMenuItem>
          ) : (
            <DropdownMenuItem disabled={!open} onSelect={() => setDialog("pause")}>
              <PauseIcon aria-hidden="true" />
              {reminderMessages.pause}
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      <SendReminderDialog
        open={dialog === "send"}
        onOpenChange={(next) => setDialog(next ? "send" : null)}
        companyId={companyId}
        invoice={{ id: invoice.id, label, customerName: invoice.customerName }}
      />
      <PauseRemindersDialog
        open={dialog === "pause"}
        onOpenChange={(next) => setDialog(next ? "pause" : null)}
        companyId={companyId}
        target={{ invoiceId: invoice.id }}
        what={`invoice ${label}`}
      />
    </>
  );
}
