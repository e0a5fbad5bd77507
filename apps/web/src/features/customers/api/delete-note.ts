import { apiPaths, deleteNoteResponseSchema } from "@recoup/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";

import { type CustomerNotesRef, customerNotesQueryKey } from "@/features/customers/api/get-notes";
import { api } from "@/lib/api-client";

/** POST /v1/business/note/delete-note { companyId, noteId }. */
export async function deleteNote(companyId: string, noteId: string) {
  const res = await api.post(
    apiPaths.notes.delete,
    { companyId, noteId },
    { schema: deleteNoteResponseSchema },
  );
  return res.data.deleted;
}

export function useDeleteCustomerNoteEntry(ref: CustomerNotesRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (noteId: string) => deleteNote(ref.companyId, noteId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerNotesQueryKey(ref) }),
  });
}
