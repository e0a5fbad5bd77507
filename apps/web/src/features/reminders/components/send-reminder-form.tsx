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
import { RecipientFields } from "@/features/reminders/components/recipient-fields";
import { StageBadge } from "@/features/reminders/components/stage-badge";
import { addressesIn, checkAddresses, sameAddresses } from "@/features/reminders/utils/recipients";
import { isApiError } from "@/lib/http";

/**
 * What the form starts from: a rendered template, or a generated draft. `cc` and `notSent` are the
 * rules' (decision 0018); a draft without them leaves CC to the rules unless the user fills it.
 */
export type ReminderEmail = Pick<
  ReminderDraftResponse["data"],
  "invoiceId" | "to" | "stage" | "subject" | "html"
> &
  Partial<Pick<ReminderDraftResponse["data"], "cc" | "notSent">>;

/** The editable reminder: To and CC, stage, subject, body; Cancel and 'Send'. */
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
  const [toText, setToText] = useState(draft.to);
  const [ccText, setCcText] = useState((draft.cc ?? []).join(", "));
  const [error, setError] = useState<string | null>(null);
  const editor = useRef<RichTextEditorHandle>(null);
  const subjectError = subject.trim() ? undefined : "Subject is required";
  const to = checkAddresses("to", toText);
  const cc = checkAddresses("cc", ccText);
  const invalid = Boolean(subjectError || to.error || cc.error);
  // The rules' To and CC go unless the user changed them: then theirs, for this send only.
  const chosen =
    !sameAddresses(to.addresses, addressesIn(draft.to)) || !sameAddresses(cc.addresses, draft.cc ?? []);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (invalid) return;
    setError(null);
    const html = editor.current?.getHTML() ?? draft.html;
    const sentSubject = subject.trim();
    send.mutate(
      {
        companyId,
        invoiceId: draft.invoiceId,
        stage: draft.stage,
        subject: sentSubject,
        html,
        ...(chosen ? { to: to.addresses, cc: cc.addresses } : {}),
      },
      {
        onSuccess: (sent) => {
          const copied = sent.cc.length ? `, copied to ${sent.cc.join(", ")}` : "";
          toast.success(`${reminderMessages.sent} It is on its way to ${sent.to}${copied}.`);
          onSent({ subject: sentSubject, to: sent.to });
        },
        onError: (failure) => {
          const text =
            isApiError(failure) && (failure.status === 409 || failure.status === 400)
              ? failure.message
              : reminderMessages.sendFailed;
          setError(text);
          toast.error(text);
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid min-w-0 gap-4">
      <RecipientFields
        to={{ text: toText, onChange: setToText, error: to.error }}
        cc={{ text: ccText, onChange: setCcText, error: cc.error }}
        notSent={draft.notSent ?? []}
        disabled={send.isPending}
      />
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
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
        <Button type="submit" disabled={send.isPending || invalid}>
          {send.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
          {send.isPending ? "Sending..." : reminderMessages.send}
        </Button>
      </div>
    </form>
  );
}
