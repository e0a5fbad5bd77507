import { z } from "zod";

export const quickbooksMessages = {
  connected: "QuickBooks connected. Your data is being imported.",
  connectFailed: "Failed to connect to QuickBooks. Please try again.",
  disconnectFailed: "Failed to disconnect QuickBooks. Please try again.",
  disconnected: "QuickBooks disconnected successfully!",
  refreshFailed: "Failed to refresh data. Please try again.",
  refreshed: "QuickBooks data refreshed successfully!",
  recentlySynced: "Recently synced",
} as const;

export const connectionStatusSchema = z.enum(["connected", "error", "disconnected"]);
export type ConnectionStatus = z.infer<typeof connectionStatusSchema>;

export const syncProgressSchema = z.object({
  mode: z.enum(["full", "incremental"]),
  phase: z.string(),
  counts: z.record(z.string(), z.number()),
  startedAt: z.string(),
  finishedAt: z.string().optional(),
  error: z.string().optional(),
});

/**
 * The spec's status call answers an array of strings: `["connected"]` when connected, and
 * `["sync", <status>]` when the company must (re)connect. `connection` adds the details.
 */
export const quickbooksStatusResponseSchema = z.object({
  data: z.array(z.string()),
  connection: z.object({
    status: connectionStatusSchema,
    realmId: z.string().nullable(),
    lastSyncAt: z.string().nullable(),
    errorMessage: z.string().nullable(),
    syncing: z.boolean(),
    progress: syncProgressSchema.nullable(),
    companyUrl: z.string(),
  }),
});
export type QuickbooksStatusResponse = z.infer<typeof quickbooksStatusResponseSchema>;

export const quickbooksConnectResponseSchema = z.object({ data: z.object({ url: z.string() }) });
export const quickbooksCallbackRequestSchema = z.object({
  code: z.string().min(1).max(2048),
  state: z.string().min(1).max(512),
  realmId: z.string().min(1).max(64),
});

/** What the pull calls answer: the sync was queued (or one is running), with the latest progress. */
export const pullResponseSchema = z.object({
  data: z.object({
    queued: z.boolean(),
    mode: z.enum(["full", "incremental"]),
    progress: syncProgressSchema.nullable(),
    counts: z.record(z.string(), z.number()),
  }),
});
