import { apiPaths, noteResponseSchema } from "@recoup/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import { type NotesRef, notesQueryKey } from "@/lib/notes/get-notes";

/** POST /v1/business/note/edit-note { companyId, noteId, content } → the note as saved. */
export async function editNote(companyId: string, noteId: string, content: string) {
  const res = await api.post(
    apiPaths.notes.edit,
    { companyId, noteId, content },
    { schema: noteResponseSchema },
  );
  return res.data.note;
}

export function useEditNote(ref: NotesRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ noteId, content }: { noteId: string; content: string }) =>
      editNote(ref.companyId, noteId, content),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notesQueryKey(ref) }),
  });
}
