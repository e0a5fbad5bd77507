import type { InvoiceRow } from "@recoup/contracts";
import { PauseIcon } from "lucide-react";

import { StageBadge } from "@/components/reminders/stage-badge";
import { formatDate, formatDateTime, formatUnixDate } from "@/lib/format";

const none = <span className="text-muted-foreground">—</span>;

/** The latest reminder sent: its stage and when. */
export function LastReminderCell({ row }: { row: Pick<InvoiceRow, "lastReminder"> }) {
  const last = row.lastReminder;
  if (!last) return none;
  return (
    <span className="flex flex-col items-start gap-1">
      <StageBadge stage={last.stage} />
      <time
        dateTime={last.sentAt}
        className="text-muted-foreground text-xs"
        title={formatDateTime(last.sentAt)}
      >
        {formatUnixDate(Date.parse(last.sentAt) / 1000)}
      </time>
    </span>
  );
}

/** The next planned reminder (stage and date), or the pause that holds it back. */
export function NextReminderCell({ row }: { row: Pick<InvoiceRow, "nextReminder" | "remindersPaused"> }) {
  const paused = row.remindersPaused;
  if (paused) {
    return (
      <span className="text-muted-foreground flex items-center gap-1.5 text-xs">
        <PauseIcon className="size-3.5" aria-hidden="true" />
        {paused.scope === "customer" ? "Customer paused" : "Paused"}
        {paused.until ? ` until ${formatDate(paused.until)}` : ""}
      </span>
    );
  }
  const next = row.nextReminder;
  if (!next) return none;
  return (
    <span className="flex flex-col items-start gap-1">
      <StageBadge stage={next.stage} />
      <time dateTime={next.date} className="text-muted-foreground text-xs">
        {formatDate(next.date)}
      </time>
    </span>
  );
}
