import { apiPaths, deleteNoteResponseSchema } from "@recoup/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import { type NotesRef, notesQueryKey } from "@/lib/notes/get-notes";

/** POST /v1/business/note/delete-note { companyId, noteId }. */
export async function deleteNote(companyId: string, noteId: string) {
  const res = await api.post(
    apiPaths.notes.delete,
    { companyId, noteId },
    { schema: deleteNoteResponseSchema },
  );
  return res.data.deleted;
}

export function useDeleteNote(ref: NotesRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (noteId: string) => deleteNote(ref.companyId, noteId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notesQueryKey(ref) }),
  });
}
