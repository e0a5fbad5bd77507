import { apiPaths, type QuickbooksStatusResponse, quickbooksStatusResponseSchema } from "@recoup/contracts";
import { useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

/** Spec: the connection status is refetched every 30 seconds. */
export const STATUS_POLL_MS = 30_000;
/** While a sync runs (or one was just asked for), poll faster so its progress moves. */
export const SYNC_POLL_MS = 2_000;
/** How long after a connect or a refresh to poll fast while the queued sync has not started yet. */
const SYNC_EXPECTED_MS = 15_000;

let syncExpectedUntil = 0;

/** A sync was just queued (connect or Refresh Data): poll fast for a little while until it shows. */
export function expectSyncSoon(now = Date.now()) {
  syncExpectedUntil = now + SYNC_EXPECTED_MS;
}

export function statusPollInterval(data: QuickbooksStatusResponse | undefined, now = Date.now()): number {
  return data?.connection.syncing || now < syncExpectedUntil ? SYNC_POLL_MS : STATUS_POLL_MS;
}

export const quickbooksStatusQueryKey = (email: string) => ["quickbooks", "status", email] as const;

/** GET /v1/business/quickbooks/status?email= → { data: string[], connection }. */
export async function getQuickbooksStatus(email: string) {
  return api.get(apiPaths.quickbooks.status, { query: { email }, schema: quickbooksStatusResponseSchema });
}

/** Keyed by the user's email and run only when there is one (spec). */
export function useQuickbooksStatus(email: string | undefined) {
  return useQuery({
    queryKey: quickbooksStatusQueryKey(email ?? ""),
    queryFn: () => getQuickbooksStatus(email ?? ""),
    enabled: Boolean(email),
    refetchInterval: (query) => statusPollInterval(query.state.data),
  });
}
