import type { CustomerContact, CustomerDetailResponse, CustomerRefQuery } from "@recoup/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";

import { customerDetailQueryKey } from "@/features/customers/api/get-customer-detail";
import { COLLECTIONS_KEY } from "@/lib/collections-query";

/**
 * A change to the customer's contacts: the call answers the contacts as saved, which go into the
 * cached details at once; the dashboard's 'No email address' is read again.
 */
export function useContactsMutation<T>(
  ref: CustomerRefQuery,
  change: (input: T) => Promise<CustomerContact[]>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (contacts) => {
      queryClient.setQueryData<CustomerDetailResponse["data"]>(customerDetailQueryKey(ref), (old) =>
        old ? { ...old, contacts } : old,
      );
      return queryClient.invalidateQueries({ queryKey: [COLLECTIONS_KEY, "dashboard"] });
    },
  });
}
