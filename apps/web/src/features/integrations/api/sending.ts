import {
  apiPaths,
  type Sending,
  type SendingSaveRequest,
  sendingCheckResponseSchema,
  sendingResponseSchema,
} from "@recoup/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

export const sendingQueryKey = (companyId: string | undefined) => ["sending", companyId] as const;

/** GET /v1/business/sending?companyId → the address to send from, its DKIM record, whether verified. */
export function useSending(companyId: string | undefined) {
  return useQuery({
    queryKey: sendingQueryKey(companyId),
    queryFn: async () =>
      (
        await api.get(apiPaths.sending.settings, {
          query: { companyId: companyId! },
          schema: sendingResponseSchema,
        })
      ).data.sending,
    enabled: Boolean(companyId),
  });
}

function useSetSending() {
  const queryClient = useQueryClient();
  return (companyId: string, sending: Sending | null) =>
    queryClient.setQueryData(sendingQueryKey(companyId), sending);
}

/** PUT: saves the address; the key pasted, or the domain's kept, or a new one. */
export function useSaveSending() {
  const set = useSetSending();
  return useMutation({
    mutationFn: async (input: SendingSaveRequest) =>
      (
        await api.request(apiPaths.sending.settings, {
          method: "PUT",
          body: input,
          schema: sendingResponseSchema,
        })
      ).data.sending,
    onSuccess: (sending, input) => set(input.companyId, sending),
  });
}

export function useRemoveSending() {
  const set = useSetSending();
  return useMutation({
    mutationFn: async (companyId: string) => {
      await api.request(apiPaths.sending.settings, {
        method: "DELETE",
        query: { companyId },
        schema: sendingResponseSchema,
      });
    },
    onSuccess: (_, companyId) => set(companyId, null),
  });
}

/** POST check-dns: SPF, DKIM and DMARC as the domain publishes them, and what is missing. */
export function useCheckDns() {
  const set = useSetSending();
  return useMutation({
    mutationFn: async (companyId: string) =>
      (
        await api.request(apiPaths.sending.checkDns, {
          method: "POST",
          body: { companyId },
          schema: sendingCheckResponseSchema,
        })
      ).data,
    onSuccess: (data, companyId) => set(companyId, data.sending),
  });
}
