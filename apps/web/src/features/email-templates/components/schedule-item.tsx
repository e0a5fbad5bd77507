import { type ReminderSchedule, scheduleMessages } from "@recoup/contracts";
import { PencilIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useDeleteSchedule } from "@/features/email-templates/api/delete-schedule";
import { ScheduleHistory } from "@/features/email-templates/components/schedule-history";
import { ScheduleImpactDialog } from "@/features/email-templates/components/schedule-impact-dialog";
import { ScheduleStagesSummary } from "@/features/email-templates/components/schedule-stages-summary";
import { refusalText } from "@/features/email-templates/utils/schedule-messages";
import { formatCountOf } from "@/lib/format";

/**
 * One of the company's schedules: its name (and 'Default'), its stages, the tags given it, how many
 * customers follow it, Edit, Delete (after what it touches; refused while in use) and its history.
 */
export function ScheduleItem({
  companyId,
  schedule,
  emailOf,
  onEdit,
}: {
  companyId: string;
  schedule: ReminderSchedule;
  emailOf: (template: ReminderSchedule["stages"][number]["template"]) => string;
  onEdit: () => void;
}) {
  const [deleting, setDeleting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const remove = useDeleteSchedule();
  const titleId = `schedule-${schedule.id}-title`;

  function onDelete() {
    remove.mutate(
      { companyId, id: schedule.id },
      {
        onSuccess: () => {
          setDeleting(false);
          toast.success(scheduleMessages.deleted);
        },
        onError: (error) =>
          setRefusal(refusalText(error, "Failed to delete the schedule. Please try again.")),
      },
    );
  }

  return (
    <li className="grid min-w-0 gap-3 rounded-lg border p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <h3 id={titleId} className="font-medium break-words">
            {schedule.name}
          </h3>
          {schedule.isDefault ? <Badge>Default</Badge> : null}
        </div>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${schedule.name}`}>
            <PencilIcon aria-hidden="true" />
            Edit
          </Button>
          <Button
            variant="outline"
            size="sm"
            aria-label={`Delete ${schedule.name}`}
            onClick={() => {
              setRefusal(null);
              setDeleting(true);
            }}
          >
            <Trash2Icon aria-hidden="true" />
            Delete
          </Button>
        </div>
      </div>
      <ScheduleStagesSummary
        label={`Stages of ${schedule.name}`}
        stages={schedule.stages.map((s) => ({ key: s.key, timing: s.timing, email: emailOf(s.template) }))}
      />
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
        <dt className="text-muted-foreground">Tags</dt>
        <dd className="flex flex-wrap gap-1">
          {schedule.tags.length
            ? schedule.tags.map((tag) => (
                <Badge key={tag} variant="secondary">
                  {tag}
                </Badge>
              ))
            : "None"}
        </dd>
        <dt className="text-muted-foreground">Following it</dt>
        <dd>{formatCountOf(schedule.customers, ["customer", "customers"])}</dd>
      </dl>
      <ScheduleHistory companyId={companyId} schedule={schedule} />
      <ScheduleImpactDialog
        open={deleting}
        onOpenChange={setDeleting}
        companyId={companyId}
        scheduleId={schedule.id}
        title={`Delete ${schedule.name}?`}
        confirmLabel="Delete schedule"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        refusal={refusal}
        destructive
        onConfirm={onDelete}
      />
    </li>
  );
}
