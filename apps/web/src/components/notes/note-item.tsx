import { MAX_NOTE_LENGTH, type Note } from "@recoup/contracts";
import { Loader2Icon, PencilIcon, Trash2Icon } from "lucide-react";
import { useId, useState } from "react";

import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { formatDateTime } from "@/lib/format";

/** One note: its author and time, its text, and Edit and Delete (asked twice). */
export function NoteItem({
  note,
  busy,
  onSave,
  onDelete,
}: {
  note: Note;
  busy: boolean;
  onSave: (content: string, done: () => void) => void;
  onDelete: () => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const fieldId = useId();
  const edited = note.updatedAt !== note.createdAt;

  return (
    <li className="grid gap-2 py-4 first:pt-0 last:pb-0" data-testid="note">
      <p className="text-muted-foreground text-xs">
        <span className="text-foreground font-medium">{note.author.name}</span>
        {" · "}
        <time dateTime={note.createdAt}>{formatDateTime(note.createdAt)}</time>
        {edited ? " (edited)" : ""}
      </p>
      {draft !== null ? (
        <div className="grid gap-2">
          <label htmlFor={fieldId} className="sr-only">
            Edit note
          </label>
          <Textarea
            id={fieldId}
            value={draft}
            maxLength={MAX_NOTE_LENGTH}
            rows={3}
            onChange={(event) => setDraft(event.target.value)}
            autoFocus
          />
          <div className="flex gap-2">
            <Button
              size="sm"
              disabled={busy || !draft.trim()}
              onClick={() => onSave(draft, () => setDraft(null))}
            >
              {busy ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
              Save
            </Button>
            <Button size="sm" variant="outline" disabled={busy} onClick={() => setDraft(null)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <p className="text-sm break-words whitespace-pre-wrap">{note.content}</p>
      )}
      {draft === null ? (
        <div className="flex flex-wrap gap-2">
          {confirming ? (
            <>
              <Button size="sm" variant="destructive" disabled={busy} onClick={onDelete}>
                Delete note
              </Button>
              <Button size="sm" variant="outline" disabled={busy} onClick={() => setConfirming(false)}>
                Keep
              </Button>
            </>
          ) : (
            <>
              <Button size="sm" variant="ghost" className="h-7 px-2" onClick={() => setDraft(note.content)}>
                <PencilIcon aria-hidden="true" />
                Edit
              </Button>
              <Button size="sm" variant="ghost" className="h-7 px-2" onClick={() => setConfirming(true)}>
                <Trash2Icon aria-hidden="true" />
                Delete
              </Button>
            </>
          )}
        </div>
      ) : null}
    </li>
  );
}
