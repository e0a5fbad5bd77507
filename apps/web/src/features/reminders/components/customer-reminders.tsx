import { type ReminderPause, reminderMessages } from "@recoup/contracts";
import { PauseIcon, PlayIcon } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";

import { QueryErrorState } from "@/components/data-states";
import { SectionCard } from "@/components/section-card";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useReminderPauses } from "@/features/reminders/api/get-reminder-pauses";
import { useResumeReminders } from "@/features/reminders/api/resume-reminders";
import { PauseRemindersDialog } from "@/features/reminders/components/pause-reminders-dialog";
import { pauseText } from "@/features/reminders/utils/pause-text";
import { formatDate } from "@/lib/format";

/** Why this customer's reminders are paused, and until when, in a sentence. */
function pauseSentence(pause: ReminderPause): string {
  switch (pause.reason) {
    case "away":
      return `${pauseText(pause)}: their automatic reply named this return date. No automatic reminder goes to this customer before then.`;
    case "bounce":
      return `${pauseText(pause)}. No automatic reminder goes to this customer until the address is corrected in QuickBooks and you resume them.`;
    default:
      return `Paused${pause.until ? ` until ${formatDate(pause.until)}` : " until you resume them"}: no automatic reminder goes to this customer.`;
  }
}

/** Reminders to this customer: running or paused (until when), with 'Pause reminders' / 'Resume reminders'. */
export function CustomerReminders({
  companyId,
  customerRef,
  name,
}: {
  companyId: string;
  customerRef: string;
  name: string;
}) {
  const pauses = useReminderPauses({ companyId, customerRef });
  const resume = useResumeReminders();
  const [pausing, setPausing] = useState(false);
  const pause = pauses.data?.find((p) => p.scope === "customer");

  function onResume() {
    resume.mutate(
      { companyId, customerRef },
      {
        onSuccess: () => toast.success(reminderMessages.resumed),
        onError: () => toast.error("Failed to resume reminders. Please try again."),
      },
    );
  }

  return (
    <SectionCard id="customer-reminders-title" title="Reminders" contentClassName="grid gap-3 text-sm">
      {pauses.isPending ? (
        <Skeleton className="h-9 w-full" />
      ) : pauses.isError ? (
        <QueryErrorState title="Failed to load reminder pauses" query={pauses} />
      ) : pause ? (
        <>
          <p data-testid="customer-reminders-state" className="break-words">
            {pauseSentence(pause)}
          </p>
          <Button variant="outline" className="w-fit" onClick={onResume} disabled={resume.isPending}>
            <PlayIcon aria-hidden="true" />
            {reminderMessages.resume}
          </Button>
        </>
      ) : (
        <>
          <p data-testid="customer-reminders-state" className="text-muted-foreground">
            Automatic reminders go to this customer at each stage of their open invoices.
          </p>
          <Button variant="outline" className="w-fit" onClick={() => setPausing(true)}>
            <PauseIcon aria-hidden="true" />
            {reminderMessages.pause}
          </Button>
        </>
      )}
      <PauseRemindersDialog
        open={pausing}
        onOpenChange={setPausing}
        companyId={companyId}
        target={{ customerRef }}
        what={name}
      />
    </SectionCard>
  );
}
