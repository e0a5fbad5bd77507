import { type EmailTemplate, type StageTemplate, type TemplateType, templateTypes } from "@recoup/contracts";
import { ChevronDownIcon, ChevronUpIcon } from "lucide-react";
import type { Ref } from "react";

import { FormField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { StageEmailEditor } from "@/features/email-templates/components/stage-email-editor";
import type { TemplateEditFormHandle } from "@/features/email-templates/components/template-edit-form";
import { type StageDraft, templateTypeFor } from "@/features/email-templates/utils/schedule-draft";

const OWN = "own";

/**
 * A stage's email: one of the company's templates (as edited under Template Selection), or its own
 * subject and body, started from that template and edited with the same editor and preview.
 */
export function StageTemplateField({
  id,
  companyId,
  stage,
  templates,
  open,
  onOpenChange,
  formRef,
  onChange,
  disabled,
}: {
  id: string;
  companyId: string;
  stage: StageDraft;
  templates: readonly EmailTemplate[];
  /** Whether its own email's editor is showing. */
  open: boolean;
  onOpenChange: (open: boolean) => void;
  formRef: Ref<TemplateEditFormHandle> | undefined;
  onChange: (template: StageTemplate) => void;
  disabled: boolean;
}) {
  const { template } = stage;
  const chosen = "type" in template ? template.type : OWN;

  function choose(value: string) {
    if (value !== OWN) {
      onOpenChange(false);
      return onChange({ type: value as TemplateType });
    }
    const from = templates.find(
      (t) => t.type === ("type" in template ? template.type : templateTypeFor(stage.timing)),
    );
    onChange({ subject: from?.subject ?? "", content: from?.content ?? "" });
    onOpenChange(true);
  }

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <FormField id={`${id}-email`} label="Email" className="w-full sm:w-64">
          <NativeSelect
            id={`${id}-email`}
            value={chosen}
            onChange={(event) => choose(event.target.value)}
            disabled={disabled}
          >
            {templateTypes.map((type) => (
              <option key={type} value={type}>
                {templates.find((t) => t.type === type)?.name ?? type}
              </option>
            ))}
            <option value={OWN}>Its own email</option>
          </NativeSelect>
        </FormField>
        {"type" in template ? null : (
          <Button type="button" variant="outline" aria-expanded={open} onClick={() => onOpenChange(!open)}>
            {open ? <ChevronUpIcon aria-hidden="true" /> : <ChevronDownIcon aria-hidden="true" />}
            {open ? "Close email" : "Edit email"}
          </Button>
        )}
      </div>
      {"type" in template ? (
        <p className="text-muted-foreground text-xs">The template as it is under Template Selection above.</p>
      ) : open ? (
        <StageEmailEditor
          companyId={companyId}
          type={templateTypeFor(stage.timing)}
          template={template}
          onDraft={onChange}
          formRef={formRef}
          disabled={disabled}
        />
      ) : (
        <p className="text-sm break-words">
          <span className="text-muted-foreground">Subject: </span>
          {template.subject}
        </p>
      )}
    </div>
  );
}
