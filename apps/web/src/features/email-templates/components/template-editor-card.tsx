import type { EmailTemplate } from "@recoup/contracts";
import { templateMessages } from "@recoup/contracts";
import { Loader2Icon, PencilIcon } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { toast } from "sonner";

import { FormNotice } from "@/components/form-notice";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useSaveTemplate } from "@/features/email-templates/api/save-template";
import { AvailableVariables } from "@/features/email-templates/components/available-variables";
import {
  type TemplateDraft,
  TemplateEditForm,
  type TemplateEditFormHandle,
} from "@/features/email-templates/components/template-edit-form";
import { TemplateView } from "@/features/email-templates/components/template-view";

interface TemplateEditorCardProps {
  companyId: string;
  template: EmailTemplate;
  editing: boolean;
  onEditingChange: (editing: boolean) => void;
  onDraft: (draft: TemplateDraft | null) => void;
  /** What each variable becomes in the preview's invoice. */
  values?: Record<string, string>;
}

/**
 * The chosen template, titled with its name. View mode: subject and body, 'Edit Template'. Edit
 * mode: Cancel (back to what is stored) and Save ('Saving...'), which stores it and returns to view.
 */
export function TemplateEditorCard({
  companyId,
  template,
  editing,
  onEditingChange,
  onDraft,
  values,
}: TemplateEditorCardProps) {
  const save = useSaveTemplate();
  const form = useRef<TemplateEditFormHandle>(null);
  const [failed, setFailed] = useState(false);

  function stopEditing() {
    setFailed(false);
    onDraft(null);
    onEditingChange(false);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const draft = form.current?.values();
    if (!draft) return;
    setFailed(false);
    save.mutate(
      { companyId, type: template.type, ...draft },
      {
        onSuccess: () => {
          toast.success(templateMessages.saved);
          stopEditing();
        },
        onError: () => {
          toast.error(templateMessages.saveFailed);
          setFailed(true);
        },
      },
    );
  }

  const header = (
    <CardHeader>
      <CardTitle>
        <h2 id="template-editor-title">{template.name}</h2>
      </CardTitle>
      <CardDescription>
        {editing ? "Edit the subject and the body, then save." : "The email as it is stored."}
      </CardDescription>
      <CardAction className="flex gap-2">
        {editing ? (
          <>
            <Button variant="outline" onClick={stopEditing} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
              {save.isPending ? templateMessages.saving : "Save"}
            </Button>
          </>
        ) : (
          <Button variant="outline" onClick={() => onEditingChange(true)}>
            <PencilIcon aria-hidden="true" />
            {templateMessages.editTemplate}
          </Button>
        )}
      </CardAction>
    </CardHeader>
  );

  return (
    <Card role="region" aria-labelledby="template-editor-title" className="min-w-0 gap-4">
      {editing ? (
        <form noValidate onSubmit={onSubmit} className="contents">
          {header}
          <CardContent className="grid min-w-0 gap-4">
            {failed ? <FormNotice notice={{ kind: "error", text: templateMessages.saveFailed }} /> : null}
            <TemplateEditForm
              // A new template, or a new stored version, starts the form again.
              key={`${template.type}:${template.updatedAt}`}
              ref={form}
              template={template}
              disabled={save.isPending}
              onDraft={onDraft}
              values={values}
            />
          </CardContent>
        </form>
      ) : (
        <>
          {header}
          <CardContent className="grid min-w-0 gap-4">
            <TemplateView template={template} />
            <AvailableVariables values={values} />
          </CardContent>
        </>
      )}
    </Card>
  );
}
