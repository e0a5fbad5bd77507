import type { ReminderDraftResponse } from "@recoup/contracts";
import { reminderMessages } from "@recoup/contracts";
import { Loader2Icon } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { toast } from "sonner";

import { FormNotice } from "@/components/form-notice";
import { RichTextEditor, type RichTextEditorHandle } from "@/components/rich-text-editor/rich-text-editor";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useSendReminder } from "@/features/reminders/api/send-reminder";
import { StageBadge } from "@/features/reminders/components/stage-badge";
import { isApiError } from "@/lib/http";

/** What the form starts from: a rendered template, or a generated draft. */
export type ReminderEmail = Pick<
  ReminderDraftResponse["data"],
  "invoiceId" | "to" | "stage" | "subject" | "html"
>;

/** The editable reminder: recipient and stage, subject, body; Cancel and 'Send'. */
export function SendReminderForm({
  companyId,
  draft,
  onSent,
  onCancel,
  cancelLabel = "Cancel",
}: {
  companyId: string;
  draft: ReminderEmail;
  /** The email is in the outbox: its subject as sent and its recipient. */
  onSent: (sent: { subject: string; to: string }) => void;
  onCancel: () => void;
  cancelLabel?: string;
}) {
  const send = useSendReminder();
  const [subject, setSubject] = useState(draft.subject);
  const [error, setError] = useState<string | null>(null);
  const editor = useRef<RichTextEditorHandle>(null);
  const subjectError = subject.trim() ? undefined : "Subject is required";

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (subjectError) return;
    setError(null);
    const html = editor.current?.getHTML() ?? draft.html;
    const sentSubject = subject.trim();
    send.mutate(
      { companyId, invoiceId: draft.invoiceId, stage: draft.stage, subject: sentSubject, html },
      {
        onSuccess: (sent) => {
          toast.success(`${reminderMessages.sent} It is on its way to ${sent.to}.`);
          onSent({ subject: sentSubject, to: sent.to });
        },
        onError: (failure) => {
          const text =
            isApiError(failure) && failure.status === 409 ? failure.message : reminderMessages.sendFailed;
          setError(text);
          toast.error(text);
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid min-w-0 gap-4">
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
        <dt className="text-muted-foreground">To</dt>
        <dd className="truncate font-medium" data-testid="reminder-to">
          {draft.to}
        </dd>
        <dt className="text-muted-foreground">Template</dt>
        <dd>
          <StageBadge stage={draft.stage} />
        </dd>
      </dl>
      <div className="grid gap-2">
        <Label htmlFor="reminder-subject">Subject</Label>
        <Input
          id="reminder-subject"
          value={subject}
          onChange={(event) => setSubject(event.target.value)}
          aria-invalid={subjectError ? true : undefined}
          aria-describedby={subjectError ? "reminder-subject-error" : undefined}
          disabled={send.isPending}
          maxLength={500}
        />
        {subjectError ? (
          <p id="reminder-subject-error" role="alert" className="text-destructive text-sm">
            {subjectError}
          </p>
        ) : null}
      </div>
      <RichTextEditor
        ref={editor}
        id="reminder-body"
        label="Body"
        hint="Your logo and email signature are added when it is sent."
        initialHtml={draft.html}
        disabled={send.isPending}
      />
      {error ? <FormNotice notice={{ kind: "error", text: error }} /> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={send.isPending}>
          {cancelLabel}
        </Button>
        <Button type="submit" disabled={send.isPending || Boolean(subjectError)}>
          {send.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
          {send.isPending ? "Sending..." : reminderMessages.send}
        </Button>
      </div>
    </form>
  );
}
