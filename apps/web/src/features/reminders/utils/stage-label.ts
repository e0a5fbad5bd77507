import type { TemplateType } from "@recoup/contracts";
import { templateTileLabels } from "@recoup/contracts";

/** "Before Due Date", "On Due Date", "After Due Date", "Missed Promise"; "Manual" for a 'Send reminder now'. */
export const stageLabel = (stage: TemplateType | "manual") =>
  stage === "manual" ? "Manual" : templateTileLabels[stage];
