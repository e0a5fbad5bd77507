/** Stages as users read them: the standard templates' tile labels, a company schedule's stage by its day. */
import { type SentReminderKind, type TemplateType, templateTileLabels } from "@recoup/contracts";
import type { ScheduleRow } from "./schedules.repository.ts";
import type { StageTiming } from "./stages.ts";

const days = (n: number) => (n === 1 ? "1 day" : `${n} days`);

/** "3 days before due", "On the due date", "7 days after due", "Every 7 days from 1 day after due", "Final: 60 days after due". */
export function timingLabel(t: StageTiming): string {
  switch (t.kind) {
    case "before":
      return `${days(t.days)} before due`;
    case "on":
      return "On the due date";
    case "after":
      return `${days(t.days)} after due`;
    case "repeat":
      return `Every ${days(t.every)} from ${days(t.days)} after due`;
    case "final":
      return `Final: ${days(t.days)} after due`;
  }
}

/**
 * The name of any stage a reminder was sent or planned under, given the company's schedules: a
 * company schedule's stage as "Firm: 7 days after due" (`bare`: without the schedule's name, where
 * the schedule is shown beside it).
 */
export function stageNamer(
  schedules: readonly ScheduleRow[],
  bare = false,
): (stage: SentReminderKind) => string {
  const custom = new Map<string, string>();
  for (const s of schedules)
    for (const stage of s.stages)
      custom.set(stage.key, bare ? timingLabel(stage.timing) : `${s.name}: ${timingLabel(stage.timing)}`);
  return (stage) =>
    stage === "manual"
      ? "Manual"
      : stage.startsWith("stage:")
        ? (custom.get(stage) ?? "A deleted schedule's stage")
        : templateTileLabels[stage as TemplateType];
}
