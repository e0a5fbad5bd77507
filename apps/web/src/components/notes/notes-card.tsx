import { MAX_NOTE_LENGTH } from "@recoup/contracts";
import { Loader2Icon } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { toast } from "sonner";
import { QueryErrorState } from "@/components/data-states";
import { NoteItem } from "@/components/notes/note-item";
import { SectionCard } from "@/components/section-card";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { useAddNote } from "@/lib/notes/add-note";
import { useDeleteNote } from "@/lib/notes/delete-note";
import { useEditNote } from "@/lib/notes/edit-note";
import { type NotesRef, useNotes } from "@/lib/notes/get-notes";

/**
 * The team's notes on a customer or an invoice, newest first: add, edit and delete, each signed
 * and dated.
 */
export function NotesCard({
  notesRef,
  id = "notes-title",
  description = "Calls, promises to pay, anything the team should know.",
  className,
}: {
  notesRef: NotesRef;
  /** The heading's id (unique on the page). */
  id?: string;
  description?: string;
  className?: string;
}) {
  const query = useNotes(notesRef);
  const add = useAddNote(notesRef);
  const edit = useEditNote(notesRef);
  const remove = useDeleteNote(notesRef);
  const [text, setText] = useState("");
  const fieldId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    add.mutate(text, {
      onSuccess: () => {
        setText("");
        toast.success("Note added");
      },
      onError: () => toast.error("Failed to add the note. Please try again."),
    });
  };

  return (
    <SectionCard
      id={id}
      title="Notes"
      description={description}
      className={className}
      contentClassName="grid gap-5"
    >
      <form onSubmit={submit} className="grid gap-2">
        <label htmlFor={fieldId} className="text-sm font-medium">
          Add a note
        </label>
        <Textarea
          id={fieldId}
          value={text}
          rows={3}
          maxLength={MAX_NOTE_LENGTH}
          placeholder="e.g. Called on Monday, promised to pay by Friday."
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" size="sm" className="w-fit" disabled={add.isPending || !text.trim()}>
          {add.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
          {add.isPending ? "Adding..." : "Add note"}
        </Button>
      </form>
      {query.isPending ? (
        <div className="grid gap-2">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : query.isError ? (
        <QueryErrorState title="Failed to load the notes" query={query} />
      ) : query.data.length === 0 ? (
        <p className="text-muted-foreground text-sm">No notes yet.</p>
      ) : (
        <ul className="divide-y" aria-label="Notes">
          {query.data.map((note) => (
            <NoteItem
              key={note.id}
              note={note}
              busy={
                (edit.isPending && edit.variables?.noteId === note.id) ||
                (remove.isPending && remove.variables === note.id)
              }
              onSave={(content, done) =>
                edit.mutate(
                  { noteId: note.id, content },
                  {
                    onSuccess: () => {
                      done();
                      toast.success("Note saved");
                    },
                    onError: () => toast.error("Failed to save the note. Please try again."),
                  },
                )
              }
              onDelete={() =>
                remove.mutate(note.id, {
                  onSuccess: () => toast.success("Note deleted"),
                  onError: () => toast.error("Failed to delete the note. Please try again."),
                })
              }
            />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
