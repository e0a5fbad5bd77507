import type { ConnectionStatus, QuickbooksStatusResponse } from "@recoup/contracts";

/**
 * Spec: disconnected unless the status call reports connected (its array exists and does not
 * contain 'sync') and the local flag is not set. A connection the server marks 'error' (Intuit
 * refused the saved authorization) shows as Error so the user knows to reconnect.
 */
export function connectionStatusOf(
  response: QuickbooksStatusResponse | undefined,
  locallyDisconnected: boolean,
): ConnectionStatus {
  if (!response || locallyDisconnected) return "disconnected";
  if (!response.data.includes("sync")) return "connected";
  return response.connection.status === "error" ? "error" : "disconnected";
}

/** What disconnecting leaves in the cache until the refetch answers: disconnected, no last sync. */
export function asDisconnected(response: QuickbooksStatusResponse): QuickbooksStatusResponse {
  return {
    data: ["sync", "disconnected"],
    connection: { ...response.connection, status: "disconnected", lastSyncAt: null, syncing: false },
  };
}
