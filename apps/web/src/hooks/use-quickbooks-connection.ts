import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";

import { useDisconnectedFlag } from "@/hooks/use-disconnected-flag";
import { useAuth } from "@/lib/auth/use-auth";
import { COLLECTIONS_KEY } from "@/lib/collections-query";
import { connectionStatusOf } from "@/lib/quickbooks/connection-state";
import { useQuickbooksStatus } from "@/lib/quickbooks/status";

/**
 * What the collection pages need to know of the QuickBooks connection (the shared status query):
 * - `loading` / `error`: the status is not known;
 * - `not-connected`: never connected, or the synced data was deleted: nothing to show;
 * - `first-sync`: connected, the first import has not finished: its progress;
 * - `ready`: data has been synced (the connection may have dropped since: `status` says).
 */
export type CollectionsState = "loading" | "error" | "not-connected" | "first-sync" | "ready";

export function useQuickbooksConnection() {
  const { user } = useAuth();
  const query = useQuickbooksStatus(user?.email);
  const locallyDisconnected = useDisconnectedFlag();
  const status = connectionStatusOf(query.data, locallyDisconnected);
  const connection = query.data?.connection ?? null;

  useRefetchAfterSync(connection?.lastSyncAt ?? null);

  let state: CollectionsState;
  if (query.isPending) state = "loading";
  else if (!query.data) state = "error";
  else if (connection?.lastSyncAt) state = "ready";
  else state = status === "connected" ? "first-sync" : "not-connected";

  return {
    state,
    status,
    connection,
    /** The QuickBooks company the customer calls name (the live connection's, else the user's). */
    realmId: connection?.realmId ?? user?.realmId ?? null,
    companyId: user?.companyId ?? null,
    error: query.error,
    retry: () => query.refetch(),
    retrying: query.isFetching,
  };
}

export type QuickbooksConnection = ReturnType<typeof useQuickbooksConnection>;

/** A sync finished (the last sync time moved on): every list and figure is read again. */
function useRefetchAfterSync(lastSyncAt: string | null) {
  const queryClient = useQueryClient();
  const seen = useRef(lastSyncAt);
  useEffect(() => {
    if (lastSyncAt && seen.current && lastSyncAt !== seen.current) {
      void queryClient.invalidateQueries({ queryKey: [COLLECTIONS_KEY] });
    }
    seen.current = lastSyncAt;
  }, [lastSyncAt, queryClient]);
}
