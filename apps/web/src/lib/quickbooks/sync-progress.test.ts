import type { QuickbooksStatusResponse } from "@recoup/contracts";
import { describe, expect, it } from "vitest";

import { connectionStatusOf } from "./connection-state";
import {
  formatCounts,
  lastSyncSummary,
  phaseLabel,
  progressPercent,
  type SyncProgress,
  stalledSync,
} from "./sync-progress";

const progress = (patch: Partial<SyncProgress> = {}): SyncProgress => ({
  mode: "full",
  phase: "Invoice",
  counts: {},
  startedAt: "2026-01-01T00:00:00.000Z",
  ...patch,
});

const response = (
  data: string[],
  status: "connected" | "error" | "disconnected",
): QuickbooksStatusResponse => ({
  data,
  connection: {
    status,
    realmId: "1",
    lastSyncAt: null,
    errorMessage: null,
    syncing: false,
    progress: null,
    companyUrl: "https://app.qbo.intuit.com",
  },
});

describe("connection status", () => {
  it("is connected only when the call says so and the local flag is not set", () => {
    expect(connectionStatusOf(response(["connected"], "connected"), false)).toBe("connected");
    expect(connectionStatusOf(response(["connected"], "connected"), true)).toBe("disconnected");
    expect(connectionStatusOf(response(["sync", "disconnected"], "disconnected"), false)).toBe(
      "disconnected",
    );
    expect(connectionStatusOf(undefined, false)).toBe("disconnected");
  });
  it("shows a connection the server marks as failing as Error", () => {
    expect(connectionStatusOf(response(["sync", "error"], "error"), false)).toBe("error");
    expect(connectionStatusOf(response(["sync", "error"], "error"), true)).toBe("disconnected");
  });
});

describe("sync progress", () => {
  it("formats counts in import order, skipping bookkeeping keys and zeros", () => {
    expect(
      formatCounts({ Payment: 800, Customer: 1200, Invoice: 3400, "Invoice.position": 3401, CreditMemo: 0 }),
    ).toBe("1,200 customers · 3,400 invoices · 800 payments");
    expect(formatCounts({ CreditMemo: 1 })).toBe("1 credit memo");
    expect(formatCounts({})).toBe("");
  });
  it("names the phase and measures a full import by its steps", () => {
    expect(phaseLabel(progress())).toBe("Importing invoices…");
    expect(phaseLabel(progress({ phase: "changes", mode: "incremental" }))).toMatch(/changes/);
    expect(phaseLabel(null)).toBe("Starting sync…");
    expect(progressPercent(progress({ phase: "Customer" }))).toBe(0);
    expect(progressPercent(progress({ phase: "Payment" }))).toBe(50);
    expect(progressPercent(progress({ phase: "done" }))).toBe(100);
    expect(progressPercent(progress({ mode: "incremental", phase: "changes" }))).toBeNull();
  });
  it("summarises a finished sync and spots one that stopped", () => {
    const done = progress({ phase: "done", finishedAt: "2026-01-01T00:01:00.000Z", counts: { Invoice: 2 } });
    expect(lastSyncSummary(done)).toBe("Imported 2 invoices");
    expect(lastSyncSummary({ ...done, mode: "incremental", counts: {} })).toBe(
      "No changes since the previous sync",
    );
    expect(lastSyncSummary(progress())).toBeNull();
    expect(stalledSync(progress(), false)).toBe(true);
    expect(stalledSync(progress(), true)).toBe(false);
    expect(stalledSync(done, false)).toBe(false);
  });
});
