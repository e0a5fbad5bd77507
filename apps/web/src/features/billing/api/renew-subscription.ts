import { apiPaths, renewSubscriptionResponseSchema } from "@recoup/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

/** POST /v1/business/subscription/renew: a new subscription after a canceled one; reloads the details. */
export function useRenewSubscription(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await api.post(apiPaths.billing.renew, { email }, { schema: renewSubscriptionResponseSchema })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["subscription"] }),
  });
}
