import {
  apiPaths,
  type MailboxConnection,
  type MailboxConnectRequest,
  mailboxResponseSchema,
} from "@recoup/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

export const mailboxQueryKey = (companyId: string | undefined) => ["mailbox", companyId] as const;

/** GET /v1/business/mailbox?companyId → the connected mailbox and how reading goes, or null. */
export async function getMailbox(companyId: string) {
  const res = await api.get(apiPaths.mailbox.connection, {
    query: { companyId },
    schema: mailboxResponseSchema,
  });
  return res.data.mailbox;
}

export function useMailbox(companyId: string | undefined) {
  return useQuery({
    queryKey: mailboxQueryKey(companyId),
    queryFn: () => getMailbox(companyId!),
    enabled: Boolean(companyId),
    // How reading goes (last read, counts, an error) changes on its own.
    refetchInterval: 30_000,
  });
}

/** PUT: the server tries the mailbox first; a 422 says which step failed (`details.reason`). */
export async function connectMailbox(input: MailboxConnectRequest) {
  const res = await api.request(apiPaths.mailbox.connection, {
    method: "PUT",
    body: input,
    schema: mailboxResponseSchema,
  });
  return res.data.mailbox;
}

export async function disconnectMailbox(companyId: string) {
  await api.request(apiPaths.mailbox.connection, {
    method: "DELETE",
    query: { companyId },
    schema: mailboxResponseSchema,
  });
}

function useSetMailbox() {
  const queryClient = useQueryClient();
  return (companyId: string, mailbox: MailboxConnection | null) =>
    queryClient.setQueryData(mailboxQueryKey(companyId), mailbox);
}

export function useConnectMailbox() {
  const set = useSetMailbox();
  return useMutation({
    mutationFn: connectMailbox,
    onSuccess: (mailbox, input) => set(input.companyId, mailbox),
  });
}

export function useDisconnectMailbox() {
  const set = useSetMailbox();
  return useMutation({
    mutationFn: disconnectMailbox,
    onSuccess: (_, companyId) => set(companyId, null),
  });
}
