import type { SentReminderKind } from "@recoup/contracts";

import { Badge } from "@/components/ui/badge";
import { stageLabel } from "@/features/reminders/utils/stage-label";
import { cn } from "@/lib/utils";

const looks: Record<Exclude<SentReminderKind, `stage:${string}`>, string> = {
  before_due_date: "border-sky-600/30 bg-sky-600/10 text-sky-700 dark:text-sky-300",
  on_due_date: "border-amber-600/30 bg-amber-600/10 text-amber-800 dark:text-amber-300",
  after_due_date: "border-red-600/30 bg-red-600/10 text-red-700 dark:text-red-300",
  missed_promise: "border-amber-600/40 bg-amber-500/10 text-amber-800 dark:text-amber-300",
  manual: "text-muted-foreground",
};

/** A company schedule's own stage. */
const customLook = "border-violet-600/30 bg-violet-600/10 text-violet-700 dark:text-violet-300";

/**
 * A reminder's stage in words (Before Due Date, On Due Date, After Due Date, Missed Promise, Manual,
 * or a company schedule's stage by the name the API gives it: `label`).
 */
export function StageBadge({
  stage,
  label,
  className,
}: {
  stage: SentReminderKind;
  label?: string;
  className?: string;
}) {
  const custom = stage.startsWith("stage:");
  return (
    <Badge
      variant="outline"
      className={cn(custom ? customLook : looks[stage as keyof typeof looks], className)}
      data-stage={stage}
    >
      {label ?? stageLabel(stage)}
    </Badge>
  );
}
