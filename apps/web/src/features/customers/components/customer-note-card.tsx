import { type CustomerRefQuery, MAX_CUSTOMER_NOTE_LENGTH } from "@recoup/contracts";
import { Loader2Icon, PencilIcon } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "sonner";

import { SectionCard } from "@/components/section-card";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { useEditCustomerNote } from "@/features/customers/api/edit-customer-note";

/** The customer's one free-text note (kept in Recoup, not QuickBooks): read, then Edit, Save or Cancel. */
export function CustomerNoteCard({ refQuery, note }: { refQuery: CustomerRefQuery; note: string }) {
  const [draft, setDraft] = useState<string | null>(null);
  const mutation = useEditCustomerNote(refQuery);
  const fieldId = useId();
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
        <>
          <label htmlFor={fieldId} className="sr-only">
            Customer note
          </label>
          <Textarea
            id={fieldId}
            value={draft}
            maxLength={MAX_CUSTOMER_NOTE_LENGTH}
            rows={5}
            onChange={(event) => setDraft(event.target.value)}
            autoFocus
          />
          <div className="flex gap-2">
            <Button size="sm" onClick={save} disabled={mutation.isPending}>
              {mutation.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
              {mutation.isPending ? "Saving..." : "Save note"}
            </Button>
            <Button size="sm" variant="outline" onClick={() => setDraft(null)} disabled={mutation.isPending}>
              Cancel
            </Button>
          </div>
        </>
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
