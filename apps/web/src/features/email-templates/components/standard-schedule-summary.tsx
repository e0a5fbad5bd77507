import { type FollowUpIntervalValue, scheduleMessages } from "@recoup/contracts";

import { Badge } from "@/components/ui/badge";
import { ScheduleStagesSummary } from "@/features/email-templates/components/schedule-stages-summary";
import { formatCountOf } from "@/lib/format";

/**
 * The standard schedule, read-only: the three templates and the follow-up interval. It is the
 * default unless the company marked one of its own; a customer can be given it either way.
 */
export function StandardScheduleSummary({
  interval,
  defaultName,
  templateName,
  customers,
  unchased,
}: {
  interval: FollowUpIntervalValue;
  /** The company's own default schedule, if it has one. */
  defaultName: string | null;
  templateName: (type: "before_due_date" | "on_due_date" | "after_due_date") => string;
  customers: number;
  unchased: number;
}) {
  const stages = [
    { key: "before", timing: { kind: "before", days: 3 }, email: templateName("before_due_date") },
    { key: "on", timing: { kind: "on" }, email: templateName("on_due_date") },
    {
      key: "after",
      timing: { kind: "repeat", days: 1, every: Number(interval) },
      email: templateName("after_due_date"),
    },
  ] as const;
  return (
    <div className="bg-muted/40 grid min-w-0 gap-3 rounded-lg border p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-medium">{scheduleMessages.standard}</h3>
        {defaultName ? null : <Badge>Default</Badge>}
      </div>
      <p className="text-muted-foreground text-sm">
        {defaultName
          ? `Your templates and follow-up interval. Customers without a schedule follow ${defaultName}; choose this one for a customer on their page.`
          : "Your templates and follow-up interval: customers without a schedule of their own, or a tag with one, follow it."}
      </p>
      <ScheduleStagesSummary
        label={`Stages of the ${scheduleMessages.standard.toLowerCase()}`}
        stages={stages}
      />
      <p className="text-sm">
        {formatCountOf(customers, ["customer follows", "customers follow"])} it
        {unchased ? `; ${formatCountOf(unchased, ["customer is", "customers are"])} not chased` : ""}.
      </p>
    </div>
  );
}
