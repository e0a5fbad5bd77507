import { keepPreviousData, queryOptions } from "@tanstack/react-query";

/**
 * The root of every query key that reads synced QuickBooks data (dashboard, customers, invoices,
 * aging): a finished sync invalidates them all at once.
 */
export const COLLECTIONS_KEY = "collections";

/**
 * Query options for one page of a synced list (customers, invoices, aging), keyed under
 * COLLECTIONS_KEY. The previous page stays on screen while the next one loads.
 */
export function listPageQueryOptions<T>(key: readonly unknown[], fetchPage: () => Promise<T>) {
  return queryOptions({
    queryKey: [COLLECTIONS_KEY, ...key],
    queryFn: fetchPage,
    placeholderData: keepPreviousData,
  });
}
