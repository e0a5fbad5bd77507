/**
 * The spec's local 'disconnected' flag: `quickbooksDisconnected` in localStorage. Disconnect sets
 * it to 'true' and Connect to 'false'; while it is 'true' the integration shows as disconnected.
 */
export const DISCONNECTED_KEY = "quickbooksDisconnected";

const listeners = new Set<() => void>();

export function readDisconnectedFlag(): boolean {
  try {
    return window.localStorage.getItem(DISCONNECTED_KEY) === "true";
  } catch {
    return false;
  }
}

export function writeDisconnectedFlag(value: boolean) {
  try {
    window.localStorage.setItem(DISCONNECTED_KEY, String(value));
  } catch {
    // Storage can be unavailable (private mode, quota): the server's status still applies.
  }
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: this tab's writes, and other tabs' through the storage event. */
export function subscribeDisconnectedFlag(listener: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key === DISCONNECTED_KEY || event.key === null) listener();
  };
  listeners.add(listener);
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}
