import type { EmailTemplate } from "@recoup/contracts";
import { ArrowDownIcon, ArrowUpIcon, Trash2Icon } from "lucide-react";
import type { Ref } from "react";

import { Button } from "@/components/ui/button";
import { StageTemplateField } from "@/features/email-templates/components/stage-template-field";
import { StageTimingFields } from "@/features/email-templates/components/stage-timing-fields";
import type { TemplateEditFormHandle } from "@/features/email-templates/components/template-edit-form";
import type { StageDraft } from "@/features/email-templates/utils/schedule-draft";

export interface StageRowProps {
  companyId: string;
  stage: StageDraft;
  /** Its place in the schedule, from 0. */
  index: number;
  count: number;
  templates: readonly EmailTemplate[];
  emailOpen: boolean;
  onEmailOpenChange: (open: boolean) => void;
  formRef: Ref<TemplateEditFormHandle> | undefined;
  onChange: (patch: Partial<StageDraft>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  disabled: boolean;
}

/** One stage: 'Stage N' with move up, move down and remove, when it goes out, and its email. */
export function ScheduleStageRow({
  companyId,
  stage,
  index,
  count,
  templates,
  emailOpen,
  onEmailOpenChange,
  formRef,
  onChange,
  onMove,
  onRemove,
  disabled,
}: StageRowProps) {
  const name = `Stage ${index + 1}`;
  const id = `schedule-${stage.uid}`;
  return (
    <li>
      <fieldset className="bg-muted/20 grid min-w-0 gap-4 rounded-lg border p-4">
        <legend className="sr-only">{name}</legend>
        <div className="flex items-center justify-between gap-2">
          <p aria-hidden="true" className="text-sm font-medium">
            {name}
          </p>
          <div className="flex gap-1">
            {[
              { label: `Move ${name} up`, icon: ArrowUpIcon, onClick: () => onMove(-1), off: index === 0 },
              {
                label: `Move ${name} down`,
                icon: ArrowDownIcon,
                onClick: () => onMove(1),
                off: index === count - 1,
              },
              { label: `Remove ${name}`, icon: Trash2Icon, onClick: onRemove, off: count === 1 },
            ].map(({ label, icon: Icon, onClick, off }) => (
              <Button
                key={label}
                type="button"
                variant="ghost"
                size="icon"
                aria-label={label}
                onClick={onClick}
                disabled={disabled || off}
              >
                <Icon aria-hidden="true" />
              </Button>
            ))}
          </div>
        </div>
        <StageTimingFields
          id={id}
          timing={stage.timing}
          onChange={(timing) => onChange({ timing })}
          disabled={disabled}
        />
        <StageTemplateField
          id={id}
          companyId={companyId}
          stage={stage}
          templates={templates}
          open={emailOpen}
          onOpenChange={onEmailOpenChange}
          formRef={formRef}
          onChange={(template) => onChange({ template })}
          disabled={disabled}
        />
      </fieldset>
    </li>
  );
}
