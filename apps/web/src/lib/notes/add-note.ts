import { apiPaths, noteResponseSchema } from "@recoup/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import { type NotesRef, notesQueryKey } from "@/lib/notes/get-notes";

/** POST /v1/business/note/add-note { companyId, type, invoiceId | customerRef, content } → the note. */
export async function addNote(ref: NotesRef, content: string) {
  const res = await api.post(apiPaths.notes.add, { ...ref, content }, { schema: noteResponseSchema });
  return res.data.note;
}

export function useAddNote(ref: NotesRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => addNote(ref, content),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notesQueryKey(ref) }),
  });
}
