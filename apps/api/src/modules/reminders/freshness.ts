/** Before reminders go out, the company's data is fresh: synced within 15 minutes, or synced now. */
import type { AppContext } from "../../context.ts";
import { runSync } from "../quickbooks/index.ts";
import type * as settingsRepo from "./reminder-settings.repository.ts";

/** Before reminders go out, the company's data is at most this old (DECISIONS.md). */
export const MAX_DATA_AGE_MS = 15 * 60_000;
type Freshness =
  | { outcome: "fresh"; synced: boolean }
  | { outcome: "blocked"; reason: string }
  | { outcome: "skipped"; reason: "sync running" };
type SyncState = Awaited<ReturnType<typeof settingsRepo.findSyncState>>;
/** Connected and synced less than 15 minutes ago on the wall clock, as the sync records it. */
export const isFresh = (state: SyncState) =>
  state?.status === "connected" &&
  state.lastSyncAt !== null &&
  Date.now() - state.lastSyncAt.getTime() <= MAX_DATA_AGE_MS;
/**
 * Data synced less than 15 minutes ago is used as is; older data is refreshed by an incremental
 * sync run here and awaited.
 */
export async function ensureFreshData(
  ctx: AppContext,
  companyId: string,
  state: SyncState,
): Promise<Freshness> {
  if (state?.status !== "connected") {
    return {
      outcome: "blocked",
      reason: "QuickBooks is not connected: reconnect it on the Integrations page.",
    };
  }
  if (isFresh(state)) return { outcome: "fresh", synced: false };
  try {
    const result = await runSync(ctx, companyId, "incremental");
    if (!result.skipped) return { outcome: "fresh", synced: true };
    if (result.reason === "busy") return { outcome: "skipped", reason: "sync running" };
    return {
      outcome: "blocked",
      reason: "QuickBooks is not connected: reconnect it on the Integrations page.",
    };
  } catch (err) {
    const detail = err instanceof Error ? err.message.slice(0, 200) : String(err);
    return {
      outcome: "blocked",
      reason: `Reminders are on hold: the QuickBooks sync before sending failed (${detail}).`,
    };
  }
}
