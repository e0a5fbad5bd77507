import type { EmailTemplate } from "@recoup/contracts";
import { type Ref, useId, useImperativeHandle, useRef, useState } from "react";

import { RichTextEditor, type RichTextEditorHandle } from "@/components/rich-text-editor/rich-text-editor";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { AvailableVariables } from "@/features/email-templates/components/available-variables";
import { insertAt } from "@/features/email-templates/utils/variables";
import { useDebouncedCallback } from "@/hooks/use-debounced-callback";

export interface TemplateDraft {
  subject: string;
  content: string;
}

export interface TemplateEditFormHandle {
  /** The subject and body as they are now, including edits not reported yet. */
  values(): TemplateDraft;
}

interface TemplateEditFormProps {
  /** The stored subject and body the form starts from (remount the form to start again). */
  template: Pick<EmailTemplate, "subject" | "content">;
  disabled: boolean;
  /** The draft, 300 ms after the last edit of the subject or the body (for the preview). */
  onDraft: (draft: TemplateDraft) => void;
  values?: Record<string, string>;
  ref?: Ref<TemplateEditFormHandle>;
}

/** Edit mode: the subject input, the rich-text body and the variables that insert at the cursor. */
export function TemplateEditForm({ template, disabled, onDraft, values, ref }: TemplateEditFormProps) {
  // Unique on the page: a reminder schedule's stage can be edited beside a template.
  const id = useId();
  const [subject, setSubject] = useState(template.subject);
  const subjectRef = useRef<HTMLInputElement>(null);
  const editorRef = useRef<RichTextEditorHandle>(null);
  // Where a variable goes: the field that had the cursor last (the body until the subject is used).
  const lastField = useRef<"subject" | "body">("body");
  const content = () => editorRef.current?.getHTML() ?? template.content;
  const reportSubject = useDebouncedCallback(
    (next: string) => onDraft({ subject: next, content: content() }),
    300,
  );

  useImperativeHandle(ref, () => ({
    values: () => ({ subject: subjectRef.current?.value ?? subject, content: content() }),
  }));

  function changeSubject(next: string) {
    setSubject(next);
    reportSubject(next);
  }

  function insert(name: string) {
    const input = subjectRef.current;
    if (lastField.current === "subject" && input) {
      const next = insertAt(input.value, name, input.selectionStart, input.selectionEnd);
      changeSubject(next.value);
      input.focus();
      requestAnimationFrame(() => input.setSelectionRange(next.cursor, next.cursor));
      return;
    }
    editorRef.current?.insertText(name);
  }

  return (
    <div className="grid gap-5">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-subject`}>Subject</Label>
        <Input
          id={`${id}-subject`}
          ref={subjectRef}
          value={subject}
          onChange={(event) => changeSubject(event.target.value)}
          onFocus={() => {
            lastField.current = "subject";
          }}
          placeholder="Enter email subject..."
          disabled={disabled}
          maxLength={500}
        />
      </div>
      <RichTextEditor
        ref={editorRef}
        id={`${id}-body`}
        label="Body"
        initialHtml={template.content}
        onChange={(html) => onDraft({ subject: subjectRef.current?.value ?? subject, content: html })}
        onFocus={() => {
          lastField.current = "body";
        }}
        disabled={disabled}
      />
      <AvailableVariables onInsert={insert} values={values} />
    </div>
  );
}
