import { scheduleMessages } from "@recoup/contracts";
import { Loader2Icon } from "lucide-react";

import { QueryErrorState } from "@/components/data-states";
import { FormNotice } from "@/components/form-notice";
import { LoadingBlocks } from "@/components/loading-blocks";
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
import { useScheduleImpact } from "@/features/email-templates/api/get-schedule-impact";

/**
 * Before a schedule is saved or deleted: how many customers follow it and how many reminders are
 * planned for them in the next 14 days, then the confirmation. A refusal (a schedule in use) is
 * shown here, in the server's words.
 */
export function ScheduleImpactDialog({
  open,
  onOpenChange,
  companyId,
  scheduleId,
  title,
  confirmLabel,
  pendingLabel,
  pending,
  refusal,
  destructive,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  companyId: string;
  scheduleId: string;
  title: string;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  refusal: string | null;
  destructive?: boolean;
  onConfirm: () => void;
}) {
  const impact = useScheduleImpact({ companyId, id: scheduleId }, open);
  const data = impact.data;
  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>
            {data && !impact.isFetching
              ? scheduleMessages.impact(data.customers, data.upcomingReminders)
              : "Checking which customers and reminders this change touches…"}
          </AlertDialogDescription>
        </AlertDialogHeader>
        {impact.isPending ? (
          <LoadingBlocks label="Checking what this change touches…" blocks={["h-5 w-2/3"]} />
        ) : impact.isError ? (
          <QueryErrorState title="Failed to check what this change touches" query={impact} />
        ) : null}
        <FormNotice notice={refusal ? { kind: "error", text: refusal } : null} />
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <Button
            variant={destructive ? "destructive" : "default"}
            onClick={onConfirm}
            disabled={pending || !data || impact.isFetching || Boolean(refusal)}
          >
            {pending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
