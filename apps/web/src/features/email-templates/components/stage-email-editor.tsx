import type { TemplateType } from "@recoup/contracts";
import type { Ref } from "react";

import { useTemplatePreview } from "@/features/email-templates/api/preview-template";
import {
  type TemplateDraft,
  TemplateEditForm,
  type TemplateEditFormHandle,
} from "@/features/email-templates/components/template-edit-form";
import { TemplatePreviewCard } from "@/features/email-templates/components/template-preview-card";

/**
 * A stage's own email: the templates' editor (subject, body, variables) beside their preview, shown
 * with an invoice the stage fits (`type`) and following the draft as it is typed.
 */
export function StageEmailEditor({
  companyId,
  type,
  template,
  onDraft,
  formRef,
  disabled,
}: {
  companyId: string;
  type: TemplateType;
  /** The stage's subject and body as they are (the form starts from them once). */
  template: TemplateDraft;
  onDraft: (draft: TemplateDraft) => void;
  formRef: Ref<TemplateEditFormHandle> | undefined;
  disabled: boolean;
}) {
  const input = { companyId, type, ...template };
  const preview = useTemplatePreview(input);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-4 xl:grid-cols-2">
      <TemplateEditForm
        ref={formRef}
        template={template}
        disabled={disabled}
        onDraft={onDraft}
        values={preview.data?.values}
      />
      <TemplatePreviewCard input={input} query={preview} />
    </div>
  );
}
