import type { SentReminderKind, TemplateType } from "@recoup/contracts";
import { templateTileLabels } from "@recoup/contracts";

/**
 * "Before Due Date", "On Due Date", "After Due Date", "Missed Promise"; "Manual" for a 'Send reminder
 * now'; a company schedule's own stage is named by the API (its rows' labels), "Schedule stage" here.
 */
export const stageLabel = (stage: SentReminderKind) =>
  stage === "manual"
    ? "Manual"
    : stage.startsWith("stage:")
      ? "Schedule stage"
      : templateTileLabels[stage as TemplateType];
