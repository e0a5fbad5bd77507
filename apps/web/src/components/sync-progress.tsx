import { Progress } from "radix-ui";
import { formatTime } from "@/lib/format";
import {
  formatCounts,
  phaseLabel,
  progressPercent,
  progressStepText,
  type SyncProgress,
} from "@/lib/quickbooks/sync-progress";
import { cn } from "@/lib/utils";

/** A running sync: what it is doing, a bar (pulsing when the end cannot be known) and the counts. */
export function SyncProgressPanel({ progress }: { progress: SyncProgress | null }) {
  const label = phaseLabel(progress);
  const percent = progressPercent(progress);
  const counts = progress ? formatCounts(progress.counts) : "";
  return (
    <div className="bg-muted/40 grid gap-2 rounded-lg border p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p id="qbo-sync-label" className="text-sm font-medium">
          {label}
        </p>
        {percent !== null ? (
          <span className="text-muted-foreground text-xs tabular-nums" aria-hidden="true">
            {percent}%
          </span>
        ) : null}
      </div>
      <Progress.Root
        aria-labelledby="qbo-sync-label"
        aria-valuetext={percent === null ? label : progressStepText(progress)}
        value={percent}
        className="bg-primary/15 relative h-2 w-full overflow-hidden rounded-full"
      >
        <Progress.Indicator
          className={cn(
            "bg-primary h-full w-full rounded-full transition-transform duration-500",
            percent === null && "animate-pulse opacity-60",
          )}
          style={percent === null ? undefined : { transform: `translateX(-${100 - Math.max(percent, 4)}%)` }}
        />
      </Progress.Root>
      <div className="text-muted-foreground flex flex-wrap justify-between gap-x-4 gap-y-1 text-xs tabular-nums">
        <p aria-live="polite">{counts || "Reading your QuickBooks company…"}</p>
        {progress ? (
          <p>
            Started <time dateTime={progress.startedAt}>{formatTime(progress.startedAt)}</time>
          </p>
        ) : null}
      </div>
    </div>
  );
}
