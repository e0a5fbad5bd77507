import type { TemplatesResponse, TemplateType } from "@recoup/contracts";
import { useState } from "react";

import { useTemplatePreview } from "@/features/email-templates/api/preview-template";
import type { TemplateDraft } from "@/features/email-templates/components/template-edit-form";
import { TemplateEditorCard } from "@/features/email-templates/components/template-editor-card";
import { TemplatePreviewCard } from "@/features/email-templates/components/template-preview-card";
import { TemplateTiles } from "@/features/email-templates/components/template-tiles";

/**
 * The four templates: tiles, the chosen one's editor and its preview. Switching tiles loads that
 * template's stored subject and body (an unsaved draft of the other one is dropped).
 */
export function TemplatesWorkspace({
  companyId,
  data,
}: {
  companyId: string;
  data: TemplatesResponse["data"];
}) {
  const [selected, setSelected] = useState<TemplateType>("before_due_date");
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<TemplateDraft | null>(null);
  const template = data.templates.find((t) => t.type === selected) ?? data.templates[0]!;
  const previewInput = { companyId, type: template.type, ...(editing && draft ? draft : {}) };
  const preview = useTemplatePreview(previewInput);

  return (
    <>
      <TemplateTiles
        selected={template.type}
        onSelect={(type) => {
          setDraft(null);
          setSelected(type);
        }}
      />
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 xl:grid-cols-2">
        <TemplateEditorCard
          companyId={companyId}
          template={template}
          editing={editing}
          onEditingChange={setEditing}
          onDraft={setDraft}
          values={preview.data?.values}
        />
        <TemplatePreviewCard input={previewInput} query={preview} />
      </div>
    </>
  );
}
