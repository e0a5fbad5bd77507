import {
  type EmailTemplate,
  MAX_SCHEDULE_NAME_LENGTH,
  type ReminderSchedule,
  scheduleMessages,
} from "@recoup/contracts";
import { Loader2Icon } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { toast } from "sonner";

import { InputField } from "@/components/form-field";
import { FormNotice } from "@/components/form-notice";
import { TagListEditor } from "@/components/tag-list-editor";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { useSaveSchedule } from "@/features/email-templates/api/save-schedule";
import { ScheduleImpactDialog } from "@/features/email-templates/components/schedule-impact-dialog";
import { ScheduleStageList } from "@/features/email-templates/components/schedule-stage-list";
import type { TemplateEditFormHandle } from "@/features/email-templates/components/template-edit-form";
import {
  draftOf,
  requestOf,
  type ScheduleDraft,
  tagChanges,
} from "@/features/email-templates/utils/schedule-draft";
import { refusalText } from "@/features/email-templates/utils/schedule-messages";

/**
 * 'New schedule' or editing one: its name, its stages in order, whether it is the company's
 * default, and the tags given it. Saving an edit first shows what it touches; the server's reason
 * for refusing is shown above the buttons.
 */
export function ScheduleEditor({
  companyId,
  schedule,
  templates,
  onDone,
}: {
  companyId: string;
  /** null: a new schedule. */
  schedule: ReminderSchedule | null;
  templates: readonly EmailTemplate[];
  onDone: () => void;
}) {
  const [draft, setDraft] = useState<ScheduleDraft>(() => draftOf(schedule));
  // One stage's own email is open at a time; its form is read when it closes or the schedule is saved.
  const [openEmail, setOpenEmail] = useState<string | null>(null);
  const emailForm = useRef<TemplateEditFormHandle>(null);
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useSaveSchedule();
  const change = (patch: Partial<ScheduleDraft>) => setDraft((d) => ({ ...d, ...patch }));
  // The editor takes the place of the button that opened it: the cursor starts in its first field.
  const nameRef = useRef<HTMLInputElement>(null);
  useEffect(() => nameRef.current?.focus(), []);

  /**
   * `d` with the open email's subject and body as typed (some may not be reported yet); applied
   * as an update, so a change queued in the same event is kept.
   */
  function withTyped(): (d: ScheduleDraft) => ScheduleDraft {
    const typed = emailForm.current?.values();
    const uid = openEmail;
    if (!typed || !uid) return (d) => d;
    return (d) => ({ ...d, stages: d.stages.map((s) => (s.uid === uid ? { ...s, template: typed } : s)) });
  }

  function openEmailOf(uid: string | null) {
    setDraft(withTyped());
    setOpenEmail(uid);
  }

  function store(next: ScheduleDraft) {
    setRefusal(null);
    save.mutate(
      {
        schedule: requestOf(companyId, schedule?.id, next),
        tags: tagChanges(schedule?.tags ?? [], next.tags),
      },
      {
        onSuccess: () => {
          toast.success(scheduleMessages.saved);
          onDone();
        },
        onError: (error) => {
          setConfirming(false);
          setRefusal(refusalText(error, "Failed to save the schedule. Please try again."));
        },
      },
    );
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const next = withTyped()(draft);
    setDraft(next);
    if (schedule) return setConfirming(true);
    store(next);
  }

  const title = schedule ? `Edit ${schedule.name}` : "New schedule";
  return (
    <>
      <form noValidate onSubmit={onSubmit} aria-label={title} className="grid min-w-0 gap-5">
        <InputField
          id="schedule-name"
          label="Name"
          value={draft.name}
          maxLength={MAX_SCHEDULE_NAME_LENGTH}
          placeholder="e.g. Firm"
          onChange={(event) => change({ name: event.target.value })}
          disabled={save.isPending}
        />
        <ScheduleStageList
          companyId={companyId}
          stages={draft.stages}
          onChange={(update) => setDraft((d) => ({ ...d, stages: update(d.stages) }))}
          templates={templates}
          openEmail={openEmail}
          onOpenEmail={openEmailOf}
          emailForm={emailForm}
          disabled={save.isPending}
        />
        <div className="flex items-start gap-3">
          <Checkbox
            id="schedule-default"
            checked={draft.isDefault}
            onCheckedChange={(checked) => change({ isDefault: checked === true })}
            aria-describedby="schedule-default-hint"
            disabled={save.isPending}
            className="mt-0.5"
          />
          <div className="grid gap-1">
            <Label htmlFor="schedule-default">Default for customers without a schedule</Label>
            <p id="schedule-default-hint" className="text-muted-foreground text-xs">
              Customers with no schedule of their own and no tag that has one follow it, instead of the
              standard schedule.
            </p>
          </div>
        </div>
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">Tags given this schedule</legend>
          <p className="text-muted-foreground text-xs">
            Customers with one of these tags follow this schedule, unless they have one of their own. A tag
            given to another schedule moves here.
          </p>
          <TagListEditor
            label="Tags given this schedule"
            empty="No tags yet."
            tags={draft.tags}
            onChange={(tags, done) => {
              change({ tags });
              done();
            }}
            disabled={save.isPending}
          />
        </fieldset>
        <FormNotice notice={refusal ? { kind: "error", text: refusal } : null} id="schedule-refusal" />
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="outline" onClick={onDone} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending || !draft.name.trim()}>
            {save.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
            {save.isPending ? "Saving..." : "Save schedule"}
          </Button>
        </div>
      </form>
      {schedule ? (
        <ScheduleImpactDialog
          open={confirming}
          onOpenChange={setConfirming}
          companyId={companyId}
          scheduleId={schedule.id}
          title={`Save changes to ${schedule.name}?`}
          confirmLabel="Save schedule"
          pendingLabel="Saving..."
          pending={save.isPending}
          refusal={null}
          onConfirm={() => store(draft)}
        />
      ) : null}
    </>
  );
}
