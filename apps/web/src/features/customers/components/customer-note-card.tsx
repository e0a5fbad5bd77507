import { type CustomerRefQuery, MAX_CUSTOMER_NOTE_LENGTH } from "@recoup/contracts";
import { PencilIcon } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";

import { NoteEditor } from "@/components/notes/note-editor";
import { SectionCard } from "@/components/section-card";
import { Button } from "@/components/ui/button";
import { useEditCustomerNote } from "@/features/customers/api/edit-customer-note";

/** The customer's one free-text note (kept in Recoup, not QuickBooks): read, then Edit, Save or Cancel. */
export function CustomerNoteCard({ refQuery, note }: { refQuery: CustomerRefQuery; note: string }) {
  const [draft, setDraft] = useState<string | null>(null);
  const mutation = useEditCustomerNote(refQuery);
  const editing = draft !== null;

  const save = () =>
    mutation.mutate(draft ?? "", {
      onSuccess: () => {
        toast.success("Customer note saved");
        setDraft(null);
      },
      onError: () => toast.error("Failed to save the customer note. Please try again."),
    });

  return (
    <SectionCard
      id="customer-note-title"
      title="Customer note"
      description="Anything worth knowing before you chase this customer."
      contentClassName="grid gap-3"
    >
      {editing ? (
        <NoteEditor
          label="Customer note"
          value={draft}
          onChange={setDraft}
          maxLength={MAX_CUSTOMER_NOTE_LENGTH}
          rows={5}
          saving={mutation.isPending}
          saveLabel="Save note"
          savingLabel="Saving..."
          onSave={save}
          onCancel={() => setDraft(null)}
          className="gap-3"
        />
      ) : (
        <>
          {note ? (
            <p className="text-sm whitespace-pre-wrap" data-testid="customer-note">
              {note}
            </p>
          ) : (
            <p className="text-muted-foreground text-sm">No note yet.</p>
          )}
          <Button size="sm" variant="outline" className="w-fit" onClick={() => setDraft(note)}>
            <PencilIcon aria-hidden="true" />
            Edit note
          </Button>
        </>
      )}
    </SectionCard>
  );
}
