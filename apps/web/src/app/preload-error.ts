import { type ComponentType, lazy } from "react";

/**
 * A page chunk that fails to load (typically: a new deploy removed the old files) raises Vite's
 * `vite:preloadError` event on window; unless a listener calls preventDefault(), the error is
 * rethrown. Our listener reloads the page once to fetch the new build; if that reload happened
 * less than a minute ago, it lets the error through to the route's error screen instead.
 */
const RELOAD_KEY = "recoup:preload-reload-at";
const RELOAD_WINDOW_MS = 60_000;
const dispatched = new WeakSet<object>();

type PreloadErrorEvent = Event & { payload?: unknown };

export function handlePreloadError(event: PreloadErrorEvent) {
  if (event.payload && typeof event.payload === "object") dispatched.add(event.payload);
  let last = 0;
  try {
    last = Number(window.sessionStorage.getItem(RELOAD_KEY) ?? 0);
    if (Date.now() - last < RELOAD_WINDOW_MS) return;
    window.sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  } catch {
    return;
  }
  event.preventDefault();
  window.location.reload();
}

export function installPreloadErrorHandler() {
  window.addEventListener("vite:preloadError", handlePreloadError);
}

/** Raises the same event for a failed import that did not go through Vite's preload helper. */
function dispatchPreloadError(error: unknown): boolean {
  if (error && typeof error === "object" && dispatched.has(error)) return false;
  const event: PreloadErrorEvent = new Event("vite:preloadError", { cancelable: true });
  event.payload = error;
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

const never = () => new Promise<never>(() => {});

/** React.lazy for a named export, with the preload-error handling above. */
export function lazyPage<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>) {
  return lazy(async () => {
    let module: M | undefined;
    try {
      module = await load();
    } catch (error) {
      if (dispatchPreloadError(error)) return never();
      throw error;
    }
    // Vite's helper resolves to undefined when a listener handled the error: a reload is coming.
    if (module === undefined) return never();
    return { default: pick(module) };
  });
}
