import { MAX_NOTE_LENGTH, type Note } from "@recoup/contracts";
import { PencilIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";

import { NoteEditor } from "@/components/notes/note-editor";
import { Button } from "@/components/ui/button";
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
        <NoteEditor
          label="Edit note"
          value={draft}
          onChange={setDraft}
          maxLength={MAX_NOTE_LENGTH}
          rows={3}
          saving={busy}
          canSave={Boolean(draft.trim())}
          saveLabel="Save"
          onSave={() => onSave(draft, () => setDraft(null))}
          onCancel={() => setDraft(null)}
        />
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
