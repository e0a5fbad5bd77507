import { type FollowUpIntervalValue, followUpIntervals, templateMessages } from "@recoup/contracts";
import { toast } from "sonner";

import { SectionCard } from "@/components/section-card";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useSaveFollowUpInterval } from "@/features/email-templates/api/save-follow-up-interval";

const isInterval = (value: string): value is FollowUpIntervalValue =>
  (followUpIntervals as readonly string[]).includes(value);

/** Follow-up Interval: 7, 15 or 30 days between overdue notices, stored as soon as it is chosen. */
export function FollowUpIntervalCard({
  companyId,
  interval,
}: {
  companyId: string;
  interval: FollowUpIntervalValue;
}) {
  const save = useSaveFollowUpInterval();
  const shown = save.isPending && save.variables ? save.variables.followUpInterval : interval;

  return (
    <SectionCard
      id="follow-up-interval-title"
      title="Follow-up Interval"
      description="After the first overdue notice, how long to wait before the next one while a balance remains."
      contentClassName="grid gap-4"
    >
      <Select
        value={shown}
        disabled={save.isPending}
        onValueChange={(value) => {
          if (!isInterval(value) || value === interval) return;
          save.mutate(
            { companyId, followUpInterval: value },
            {
              onSuccess: () => toast.success("Follow-up interval saved."),
              onError: () => toast.error("Failed to save the follow-up interval. Please try again."),
            },
          );
        }}
      >
        <SelectTrigger aria-labelledby="follow-up-interval-title" className="w-full sm:w-48">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {followUpIntervals.map((days) => (
            <SelectItem key={days} value={days}>
              {days} days
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <div className="bg-muted/40 rounded-lg border px-4 py-3">
        <p className="text-sm font-medium">{templateMessages.currentSetting}</p>
        <p className="text-muted-foreground text-sm" data-testid="follow-up-current-setting">
          {templateMessages.followUpEvery(shown)}
        </p>
      </div>
    </SectionCard>
  );
}
