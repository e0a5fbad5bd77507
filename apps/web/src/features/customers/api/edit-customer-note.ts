import {
  apiPaths,
  type CustomerDetailResponse,
  type CustomerRefQuery,
  editCustomerNoteResponseSchema,
} from "@recoup/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";

import { customerDetailQueryKey } from "@/features/customers/api/get-customer-detail";
import { api } from "@/lib/api-client";

export type EditCustomerNoteInput = CustomerRefQuery & { note: string };

/** POST /v1/business/customer/edit-customer-note { realmId, customerRef, note } → the saved note. */
export async function editCustomerNote(input: EditCustomerNoteInput) {
  const res = await api.post(apiPaths.customers.editNote, input, { schema: editCustomerNoteResponseSchema });
  return res.data.note;
}

/** Saves the note and writes it into the customer's cached details. */
export function useEditCustomerNote(ref: CustomerRefQuery) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: string) => editCustomerNote({ ...ref, note }),
    onSuccess: (note) =>
      queryClient.setQueryData<CustomerDetailResponse["data"]>(customerDetailQueryKey(ref), (old) =>
        old ? { ...old, customer: { ...old.customer, note } } : old,
      ),
  });
}
