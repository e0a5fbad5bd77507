import { COLLECTIONS_KEY } from "@/lib/collections-query";

/**
 * A query key for reminder state (settings, upcoming sends, pauses, drafts). It sits under the
 * collections key: what is planned depends on the synced invoices, so a finished sync reads it
 * again, and a send, a pause or a settings change reads the invoice rows again with it.
 */
export const remindersKey = (...parts: unknown[]) => [COLLECTIONS_KEY, "reminders", ...parts] as const;
