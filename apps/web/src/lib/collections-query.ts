/**
 * The root of every query key that reads synced QuickBooks data (dashboard, customers, invoices,
 * aging): a finished sync invalidates them all at once.
 */
export const COLLECTIONS_KEY = "collections";
