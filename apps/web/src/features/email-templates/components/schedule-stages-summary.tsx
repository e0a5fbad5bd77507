import type { StageTimingInput } from "@recoup/contracts";

import { stageTimingText } from "@/features/reminders";

/** A schedule's stages, read-only, in order: when each goes out and which email it sends. */
export function ScheduleStagesSummary({
  label,
  stages,
}: {
  label: string;
  stages: readonly { key: string; timing: StageTimingInput; email: string }[];
}) {
  return (
    <ol aria-label={label} className="grid gap-1.5 text-sm">
      {stages.map((stage, index) => (
        <li key={stage.key} className="flex min-w-0 gap-2">
          <span className="text-muted-foreground w-4 shrink-0 text-right tabular-nums">{index + 1}.</span>
          <span className="min-w-0 break-words">
            {stageTimingText(stage.timing)}
            <span className="text-muted-foreground"> · {stage.email}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}
