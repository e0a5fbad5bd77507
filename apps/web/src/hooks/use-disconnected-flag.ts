import { useSyncExternalStore } from "react";

import { readDisconnectedFlag, subscribeDisconnectedFlag } from "@/lib/quickbooks/disconnected-flag";

/** The spec's local 'disconnected' flag, kept in step across this tab and others. */
export function useDisconnectedFlag(): boolean {
  return useSyncExternalStore(subscribeDisconnectedFlag, readDisconnectedFlag, () => false);
}
