import { templateTileLabels, templateTypes } from "@recoup/contracts";
import { Loader2Icon } from "lucide-react";

import { QueryErrorState } from "@/components/data-states";
import { LoadingBlocks } from "@/components/loading-blocks";
import { ScrollRegion } from "@/components/scroll-region";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { useEnablePreview } from "@/features/reminders/api/get-enable-preview";
import { PlannedRemindersList } from "@/features/reminders/components/planned-reminders-list";
import { enableSummary } from "@/features/reminders/utils/reminder-texts";
import { formatCount } from "@/lib/format";

interface EnableRemindersDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  companyId: string;
  sendTime: string;
  weekdaysOnly: boolean;
  onConfirm: () => void;
  confirming: boolean;
}

/**
 * Turning automatic reminders on: first what would go out at the next send time (how many, to
 * whom, which stage; "now" when today's window is open), then the confirmation.
 */
export function EnableRemindersDialog({
  open,
  onOpenChange,
  companyId,
  sendTime,
  weekdaysOnly,
  onConfirm,
  confirming,
}: EnableRemindersDialogProps) {
  const preview = useEnablePreview({ companyId, sendTime, weekdaysOnly }, open);
  const data = preview.data;
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent className="sm:max-w-2xl">
        <AlertDialogHeader>
          <AlertDialogTitle>Turn on automatic reminders?</AlertDialogTitle>
          <AlertDialogDescription>
            {data ? enableSummary(data) : "Checking what would go out at the next send time…"}
          </AlertDialogDescription>
        </AlertDialogHeader>
        {preview.isPending ? (
          <LoadingBlocks label="Checking what would go out…" blocks={["h-5 w-1/2", "h-32 w-full"]} />
        ) : preview.isError || !data ? (
          <QueryErrorState title="Failed to check what would go out" query={preview} />
        ) : data.count > 0 ? (
          <div className="grid min-w-0 gap-3">
            <ul aria-label="By stage" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
              {/* 'Missed Promise' only when some would go: most days none do. */}
              {templateTypes
                .filter((stage) => stage !== "missed_promise" || data.byStage[stage] > 0)
                .map((stage) => (
                  <li key={stage}>
                    <span className="text-muted-foreground">{templateTileLabels[stage]}: </span>
                    <span className="font-medium tabular-nums">{formatCount(data.byStage[stage])}</span>
                  </li>
                ))}
              {data.byStage.custom > 0 ? (
                <li>
                  <span className="text-muted-foreground">Your schedules' stages: </span>
                  <span className="font-medium tabular-nums">{formatCount(data.byStage.custom)}</span>
                </li>
              ) : null}
            </ul>
            <ScrollRegion label="Reminders that would go out" className="max-h-64 border p-3">
              <PlannedRemindersList rows={data.reminders} label="Reminders that would go out" links={false} />
              {data.count > data.reminders.length ? (
                <p className="text-muted-foreground pt-2 text-xs">
                  and {formatCount(data.count - data.reminders.length)} more
                </p>
              ) : null}
            </ScrollRegion>
          </div>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={confirming}>Cancel</AlertDialogCancel>
          <Button onClick={onConfirm} disabled={confirming || !data}>
            {confirming ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
            {confirming ? "Turning on..." : "Turn on reminders"}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
