import { apiPaths, noteResponseSchema } from "@recoup/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";

import { type CustomerNotesRef, customerNotesQueryKey } from "@/features/customers/api/get-notes";
import { api } from "@/lib/api-client";

/** POST /v1/business/note/edit-note { companyId, noteId, content } → the note as saved. */
export async function editNote(companyId: string, noteId: string, content: string) {
  const res = await api.post(
    apiPaths.notes.edit,
    { companyId, noteId, content },
    { schema: noteResponseSchema },
  );
  return res.data.note;
}

export function useEditCustomerNoteEntry(ref: CustomerNotesRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ noteId, content }: { noteId: string; content: string }) =>
      editNote(ref.companyId, noteId, content),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerNotesQueryKey(ref) }),
  });
}
