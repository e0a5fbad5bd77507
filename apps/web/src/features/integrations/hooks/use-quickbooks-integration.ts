import { type QuickbooksStatusResponse, quickbooksMessages } from "@recoup/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { toast } from "sonner";

import { useDisconnectQuickbooks } from "@/features/integrations/api/disconnect";
import { getConnectUrl } from "@/features/integrations/api/get-connect-url";
import { useRefreshQuickbooksData } from "@/features/integrations/api/refresh-data";
import { useDisconnectedFlag } from "@/hooks/use-disconnected-flag";
import { useAuth } from "@/lib/auth/use-auth";
import { asDisconnected, connectionStatusOf } from "@/lib/quickbooks/connection-state";
import { writeDisconnectedFlag } from "@/lib/quickbooks/disconnected-flag";
import { expectSyncSoon, quickbooksStatusQueryKey, useQuickbooksStatus } from "@/lib/quickbooks/status";

export type BusyAction = "connecting" | "refreshing" | "disconnecting";

/** Everything the QuickBooks card needs: the status (spec rules), its details and the three actions. */
export function useQuickbooksIntegration() {
  const { user } = useAuth();
  const email = user?.email;
  const queryClient = useQueryClient();
  const statusQuery = useQuickbooksStatus(email);
  const locallyDisconnected = useDisconnectedFlag();
  const [connecting, setConnecting] = useState(false);
  const refreshMutation = useRefreshQuickbooksData();
  const disconnectMutation = useDisconnectQuickbooks();

  const refetchStatus = useCallback(() => {
    if (!email) return;
    return queryClient.invalidateQueries({ queryKey: quickbooksStatusQueryKey(email) });
  }, [email, queryClient]);

  const connect = useCallback(async () => {
    setConnecting(true);
    writeDisconnectedFlag(false);
    try {
      // The page is left for Intuit's consent screen; the busy state stays until it goes.
      window.location.href = await getConnectUrl();
    } catch {
      toast.error(quickbooksMessages.connectFailed);
      setConnecting(false);
    }
  }, []);

  const refresh = useCallback(() => {
    const companyId = user?.companyId;
    if (!companyId) {
      toast.error(quickbooksMessages.refreshFailed);
      return;
    }
    refreshMutation.mutate(companyId, {
      onSuccess: () => {
        toast.success(quickbooksMessages.refreshed);
        expectSyncSoon();
        return refetchStatus();
      },
      onError: () => toast.error(quickbooksMessages.refreshFailed),
    });
  }, [user?.companyId, refreshMutation, refetchStatus]);

  const disconnect = useCallback(() => {
    if (!email) {
      toast.error(quickbooksMessages.disconnectFailed);
      return;
    }
    disconnectMutation.mutate(email, {
      onSuccess: () => {
        queryClient.setQueryData<QuickbooksStatusResponse>(quickbooksStatusQueryKey(email), (old) =>
          old ? asDisconnected(old) : old,
        );
        writeDisconnectedFlag(true);
        toast.success(quickbooksMessages.disconnected);
        return refetchStatus();
      },
      onError: () => toast.error(quickbooksMessages.disconnectFailed),
    });
  }, [email, disconnectMutation, queryClient, refetchStatus]);

  const busy: BusyAction | null = connecting
    ? "connecting"
    : refreshMutation.isPending
      ? "refreshing"
      : disconnectMutation.isPending
        ? "disconnecting"
        : null;

  return {
    status: connectionStatusOf(statusQuery.data, locallyDisconnected),
    connection: statusQuery.data?.connection ?? null,
    isLoading: statusQuery.isPending && Boolean(email),
    loadFailed: statusQuery.isError && !statusQuery.data,
    retryLoad: () => statusQuery.refetch(),
    busy,
    connect,
    refresh,
    disconnect,
  };
}

export type QuickbooksIntegration = ReturnType<typeof useQuickbooksIntegration>;
