import type { QuickbooksStatusResponse } from "@recoup/contracts";

export type SyncProgress = NonNullable<QuickbooksStatusResponse["connection"]["progress"]>;

/** The records a sync imports, in the order a full import reads them. */
const ENTITIES = [
  { key: "Customer", one: "customer", many: "customers" },
  { key: "Invoice", one: "invoice", many: "invoices" },
  { key: "Payment", one: "payment", many: "payments" },
  { key: "CreditMemo", one: "credit memo", many: "credit memos" },
] as const;

const numberFormat = new Intl.NumberFormat("en-US");

/** '1,200 customers · 3,400 invoices · 800 payments'; bookkeeping keys (`Invoice.position`) skipped. */
export function formatCounts(counts: Record<string, number>): string {
  return ENTITIES.filter(({ key }) => (counts[key] ?? 0) > 0)
    .map(({ key, one, many }) => {
      const n = counts[key] ?? 0;
      return `${numberFormat.format(n)} ${n === 1 ? one : many}`;
    })
    .join(" · ");
}

/** The line above the bar: what the running sync is doing now. */
export function phaseLabel(progress: SyncProgress | null): string {
  if (!progress) return "Starting sync…";
  const entity = ENTITIES.find(({ key }) => key === progress.phase);
  if (entity) return `Importing ${entity.many}…`;
  if (progress.phase === "changes") return "Fetching changes from QuickBooks…";
  if (progress.phase === "done") return "Finishing…";
  return "Syncing…";
}

/**
 * Percent done, or null when it cannot be known (a change sync, or no progress yet). A full import
 * reads the entities in order, so the steps done so far are an honest measure; the totals are not
 * known in advance.
 */
export function progressPercent(progress: SyncProgress | null): number | null {
  if (progress?.mode !== "full") return null;
  if (progress.phase === "done") return 100;
  const step = ENTITIES.findIndex(({ key }) => key === progress.phase);
  return step < 0 ? null : Math.round((step / ENTITIES.length) * 100);
}

/** 'Step 2 of 4', for screen readers, beside the percentage. */
export function progressStepText(progress: SyncProgress | null): string | undefined {
  const step = ENTITIES.findIndex(({ key }) => key === progress?.phase);
  return step < 0 ? undefined : `Step ${step + 1} of ${ENTITIES.length}: ${phaseLabel(progress)}`;
}

/** A short summary of the last finished sync, or null when there is nothing worth saying. */
export function lastSyncSummary(progress: SyncProgress | null): string | null {
  if (!progress?.finishedAt) return null;
  const counts = formatCounts(progress.counts);
  if (progress.mode === "full") return counts ? `Imported ${counts}` : "Nothing to import";
  return counts ? `Updated ${counts}` : "No changes since the previous sync";
}

/** A sync that started, did not finish and is not running now (it failed; the job retries). */
export function stalledSync(progress: SyncProgress | null, syncing: boolean): boolean {
  return Boolean(progress && !progress.finishedAt && !syncing);
}
