import { apiPaths, noteResponseSchema } from "@recoup/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";

import { type CustomerNotesRef, customerNotesQueryKey } from "@/features/customers/api/get-notes";
import { api } from "@/lib/api-client";

/** POST /v1/business/note/add-note { companyId, type: customer, customerRef, content } → the note. */
export async function addCustomerNote(ref: CustomerNotesRef, content: string) {
  const res = await api.post(
    apiPaths.notes.add,
    { ...ref, type: "customer", content },
    { schema: noteResponseSchema },
  );
  return res.data.note;
}

export function useAddCustomerNote(ref: CustomerNotesRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => addCustomerNote(ref, content),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerNotesQueryKey(ref) }),
  });
}
