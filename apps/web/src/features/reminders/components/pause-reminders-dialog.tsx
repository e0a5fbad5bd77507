import { reminderMessages } from "@recoup/contracts";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";

import { FormDialog } from "@/components/form-dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { usePauseReminders } from "@/features/reminders/api/pause-reminders";
import { localIsoDate } from "@/lib/format";

export type PauseTarget = { invoiceId: string } | { customerRef: string };

/** 'Pause reminders' on an invoice or a customer: until a date (optional) or until resumed. */
export function PauseRemindersDialog({
  open,
  onOpenChange,
  companyId,
  target,
  what,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  companyId: string;
  target: PauseTarget;
  /** "invoice #1042" or the customer's name. */
  what: string;
}) {
  const pause = usePauseReminders();
  const [until, setUntil] = useState("");
  const tomorrow = localIsoDate(new Date(), 1);
  const tooEarly = until !== "" && until < tomorrow;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (tooEarly) return;
    pause.mutate(
      { companyId, ...target, until: until || null },
      {
        onSuccess: () => {
          toast.success(reminderMessages.paused);
          setUntil("");
          onOpenChange(false);
        },
        onError: () => toast.error("Failed to pause reminders. Please try again."),
      },
    );
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      pending={pause.isPending}
      title={`Pause reminders for ${what}`}
      description="No automatic reminder is sent while paused. 'Send reminder now' still works."
      submitLabel={reminderMessages.pause}
      submitDisabled={tooEarly}
      onSubmit={onSubmit}
    >
      <div className="grid gap-2">
        <Label htmlFor="pause-until">Resume on (optional)</Label>
        <Input
          id="pause-until"
          type="date"
          min={tomorrow}
          value={until}
          onChange={(event) => setUntil(event.target.value)}
          aria-invalid={tooEarly ? true : undefined}
          aria-describedby={`pause-until-hint${tooEarly ? " pause-until-error" : ""}`}
          disabled={pause.isPending}
          className="dark:[color-scheme:dark]"
        />
        <p id="pause-until-hint" className="text-muted-foreground text-xs">
          Leave it empty to pause until you resume them.
        </p>
        {tooEarly ? (
          <p id="pause-until-error" role="alert" className="text-destructive text-sm">
            Choose a date after today.
          </p>
        ) : null}
      </div>
    </FormDialog>
  );
}
