import { customerPageActionResponseSchema } from "@recoup/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";

import { customerPageQueryOptions } from "@/features/customer-page/api/get-customer-page";
import { api } from "@/lib/api-client";

/**
 * A customer's answer from the page (a promise to pay, a dispute): POSTed without a session (the
 * token in the path is the credential), answered with the sentence to show. On success the page is
 * read again before the mutation settles, so the badges change as the form closes.
 */
export function useCustomerAction<Input>(path: string, token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: Input) => {
      const res = await api.post(path, input, { auth: false, schema: customerPageActionResponseSchema });
      return res.data.message;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerPageQueryOptions(token).queryKey }),
  });
}
