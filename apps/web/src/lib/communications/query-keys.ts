import { COLLECTIONS_KEY } from "@/lib/collections-query";

/**
 * A query key for threads and their lists. It sits under the collections key, so a send, a pause,
 * 'Mark as handled' or a finished sync reads them again with the invoice rows.
 */
export const communicationsKey = (...parts: unknown[]) =>
  [COLLECTIONS_KEY, "communications", ...parts] as const;

/** How often a thread or a list of threads on screen is read again: replies arrive by email. */
export const LIVE_REFRESH_MS = 15_000;
