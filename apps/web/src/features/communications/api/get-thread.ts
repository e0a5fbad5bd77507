import { apiPaths, type EmailThreadsQuery, emailThreadsResponseSchema } from "@recoup/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import { communicationsKey, LIVE_REFRESH_MS } from "@/lib/communications/query-keys";

/** GET /v1/business/invoice/email-threads: the invoice, its messages oldest first, where it stands. */
export async function getThread(query: EmailThreadsQuery) {
  const res = await api.get(apiPaths.communications.thread, {
    query: { ...query },
    schema: emailThreadsResponseSchema,
  });
  return res.data;
}

export const threadQueryOptions = (query: EmailThreadsQuery, opts: { sending?: boolean } = {}) =>
  queryOptions({
    queryKey: communicationsKey("thread", query),
    queryFn: () => getThread(query),
    // While an email just sent is on its way into the thread, look for it often.
    refetchInterval: opts.sending ? 2_000 : LIVE_REFRESH_MS,
  });

export function useThread(query: EmailThreadsQuery, opts: { sending?: boolean } = {}) {
  return useQuery(threadQueryOptions(query, opts));
}
