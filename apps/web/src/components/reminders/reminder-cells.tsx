import type { InvoiceRow, SentReminderKind } from "@recoup/contracts";
import { PauseIcon } from "lucide-react";

import { formatDate, formatDateTime, formatUnixDate } from "@/lib/format";
import { stageLabel } from "@/lib/reminders/query-keys";

const none = <span className="text-muted-foreground">—</span>;

/** A stage over its date, small enough for a table cell. */
function StageAndDate({ stage, date, title }: { stage: SentReminderKind; date: string; title?: string }) {
  return (
    <span className="grid text-xs leading-snug whitespace-nowrap" data-stage={stage}>
      <span className="font-medium">{stageLabel(stage)}</span>
      <span className="text-muted-foreground" title={title}>
        {date}
      </span>
    </span>
  );
}

/** The latest reminder sent: its stage (or Manual) and when. */
export function LastReminderCell({ row }: { row: Pick<InvoiceRow, "lastReminder"> }) {
  const last = row.lastReminder;
  if (!last) return none;
  return (
    <StageAndDate
      stage={last.stage}
      date={formatUnixDate(Date.parse(last.sentAt) / 1000)}
      title={formatDateTime(last.sentAt)}
    />
  );
}

/** The next planned reminder (stage and date), or the pause that holds it back. */
export function NextReminderCell({ row }: { row: Pick<InvoiceRow, "nextReminder" | "remindersPaused"> }) {
  const paused = row.remindersPaused;
  if (paused) {
    return (
      <span className="text-muted-foreground grid text-xs leading-snug whitespace-nowrap">
        <span className="flex items-center gap-1 font-medium">
          <PauseIcon className="size-3" aria-hidden="true" />
          {paused.scope === "customer" ? "Customer paused" : "Paused"}
        </span>
        {paused.until ? <span>until {formatDate(paused.until)}</span> : null}
      </span>
    );
  }
  const next = row.nextReminder;
  if (!next) return none;
  return <StageAndDate stage={next.stage} date={formatDate(next.date)} />;
}

/** Last and next reminder in one cell, so the invoice table fits a laptop screen. */
export function RemindersCell({
  row,
}: {
  row: Pick<InvoiceRow, "lastReminder" | "nextReminder" | "remindersPaused">;
}) {
  return (
    <span className="grid gap-1.5">
      <span className="flex items-baseline gap-1.5">
        <span className="text-muted-foreground w-8 shrink-0 text-[0.6875rem] uppercase tracking-wide">
          Last
        </span>
        <LastReminderCell row={row} />
      </span>
      <span className="flex items-baseline gap-1.5">
        <span className="text-muted-foreground w-8 shrink-0 text-[0.6875rem] uppercase tracking-wide">
          Next
        </span>
        <NextReminderCell row={row} />
      </span>
    </span>
  );
}
