import type { Connection } from "./connections.repository.ts";

/** CDC looks back at most 30 days; older cursors need a full import. */
const CDC_MAX_AGE_MS = 29 * 24 * 3600_000;

export type SyncMode = "full" | "incremental";

/**
 * What a sync will do: an interrupted full import resumes; an incremental one needs a cursor
 * younger than CDC's 30 days; anything else is a full import.
 */
export function plannedSync(conn: Connection, requested: SyncMode, now = new Date()) {
  const resumable = Boolean(
    conn.syncProgress && !conn.syncProgress.finishedAt && conn.syncProgress.mode === "full",
  );
  const cursorUsable = conn.cdcCursor !== null && now.getTime() - conn.cdcCursor.getTime() < CDC_MAX_AGE_MS;
  const mode: SyncMode = requested === "incremental" && cursorUsable && !resumable ? "incremental" : "full";
  return { mode, resumable };
}
