import { type EmailTemplate, MAX_SCHEDULE_STAGES } from "@recoup/contracts";
import { PlusIcon } from "lucide-react";
import type { Ref } from "react";

import { Button } from "@/components/ui/button";
import { ScheduleStageRow } from "@/features/email-templates/components/schedule-stage-row";
import type { TemplateEditFormHandle } from "@/features/email-templates/components/template-edit-form";
import {
  canAddStage,
  moveStage,
  newStage,
  type StageDraft,
} from "@/features/email-templates/utils/schedule-draft";

/** The schedule's stages in order, each editable, movable and removable, and 'Add stage' (at most 10). */
export function ScheduleStageList({
  companyId,
  stages,
  onChange,
  templates,
  openEmail,
  onOpenEmail,
  emailForm,
  disabled,
}: {
  companyId: string;
  stages: StageDraft[];
  /** Each change applies to the stages as they are then (edits can arrive debounced). */
  onChange: (update: (stages: StageDraft[]) => StageDraft[]) => void;
  templates: readonly EmailTemplate[];
  /** The stage whose own email is open, by uid. */
  openEmail: string | null;
  onOpenEmail: (uid: string | null) => void;
  emailForm: Ref<TemplateEditFormHandle>;
  disabled: boolean;
}) {
  return (
    <fieldset className="grid min-w-0 gap-3">
      <legend className="mb-1 text-sm font-medium">Stages</legend>
      <p className="text-muted-foreground text-xs">
        Earliest first, at most {MAX_SCHEDULE_STAGES}. Each stage sends its email once; a repeating stage
        sends again every few days while a balance remains.
      </p>
      <ol className="grid gap-3">
        {stages.map((stage, index) => (
          <ScheduleStageRow
            key={stage.uid}
            companyId={companyId}
            stage={stage}
            index={index}
            count={stages.length}
            templates={templates}
            emailOpen={openEmail === stage.uid}
            onEmailOpenChange={(open) => onOpenEmail(open ? stage.uid : null)}
            formRef={openEmail === stage.uid ? emailForm : undefined}
            onChange={(patch) =>
              onChange((list) => list.map((s) => (s.uid === stage.uid ? { ...s, ...patch } : s)))
            }
            onMove={(by) =>
              onChange((list) =>
                moveStage(
                  list,
                  list.findIndex((s) => s.uid === stage.uid),
                  by,
                ),
              )
            }
            onRemove={() => onChange((list) => list.filter((s) => s.uid !== stage.uid))}
            disabled={disabled}
          />
        ))}
      </ol>
      <Button
        type="button"
        variant="outline"
        className="w-fit"
        onClick={() => onChange((list) => [...list, newStage(list)])}
        disabled={disabled || !canAddStage(stages)}
      >
        <PlusIcon aria-hidden="true" />
        Add stage
      </Button>
    </fieldset>
  );
}
