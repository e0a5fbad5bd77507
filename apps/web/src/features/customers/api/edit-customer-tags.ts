import {
  apiPaths,
  type CustomerDetailResponse,
  type CustomerRefQuery,
  editCustomerTagsResponseSchema,
} from "@recoup/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";

import { customerDetailQueryKey } from "@/features/customers/api/get-customer-detail";
import { invalidateReminderState } from "@/features/reminders";
import { api } from "@/lib/api-client";

export type EditCustomerTagsInput = CustomerRefQuery & { tags: string[] };

/** POST /v1/business/customer/edit-customer-tags { realmId, customerRef, tags } → the tags as saved. */
export async function editCustomerTags(input: EditCustomerTagsInput) {
  const res = await api.post(apiPaths.customers.editTags, input, { schema: editCustomerTagsResponseSchema });
  return res.data.tags;
}

/**
 * Replaces the tags; the details get the saved list at once. A tag can bring a reminder schedule,
 * so the customer, the lists and the planned reminders are read again.
 */
export function useEditCustomerTags(ref: CustomerRefQuery) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tags: string[]) => editCustomerTags({ ...ref, tags }),
    onSuccess: (tags) => {
      queryClient.setQueryData<CustomerDetailResponse["data"]>(customerDetailQueryKey(ref), (old) =>
        old ? { ...old, customer: { ...old.customer, tags } } : old,
      );
      return invalidateReminderState(queryClient);
    },
  });
}
