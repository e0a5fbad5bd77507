import type { InvoiceRow, SentReminderKind } from "@recoup/contracts";
import { MailWarningIcon, MessageSquareReplyIcon, PauseIcon, PlaneIcon } from "lucide-react";

import { formatDate, formatDateTime, formatUnixDate } from "@/lib/format";
import { pauseText } from "@/lib/reminders/pause-text";
import { stageLabel } from "@/lib/reminders/query-keys";
import { usePauseInForce } from "@/lib/reminders/use-pause-in-force";
import { cn } from "@/lib/utils";

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

const pauseIcons = {
  manual: PauseIcon,
  reply: MessageSquareReplyIcon,
  away: PlaneIcon,
  bounce: MailWarningIcon,
} as const;
/** A reply to read or an address that bounces asks for someone; the rest just waits. */
const pauseTones = {
  manual: "text-muted-foreground",
  reply: "text-amber-700 dark:text-amber-300",
  away: "text-muted-foreground",
  bounce: "text-destructive",
} as const;

/**
 * The next planned reminder (stage and date), or the pause that holds it back and why: a reply
 * waiting, the customer away until a date, their email bouncing (and which address), or a person.
 */
export function NextReminderCell({
  row,
}: {
  row: Pick<InvoiceRow, "id" | "customerRef" | "nextReminder" | "remindersPaused">;
}) {
  const paused = row.remindersPaused;
  const pause = usePauseInForce(row);
  if (paused) {
    const reason = pause?.reason ?? "manual";
    const Icon = pauseIcons[reason];
    const [headline, address] =
      reason === "bounce" && pause?.detail ? ["Email bouncing:", pause.detail] : [null, null];
    return (
      <span
        className={cn("grid text-xs leading-snug whitespace-nowrap", pauseTones[reason])}
        data-pause-reason={reason}
      >
        <span className="flex items-center gap-1 font-medium">
          <Icon className="size-3" aria-hidden="true" />
          {headline ??
            (pause ? pauseText(pause) : paused.scope === "customer" ? "Customer paused" : "Paused")}
        </span>
        {address ? (
          <span className="max-w-48 truncate" title={address}>
            {address}
          </span>
        ) : reason === "manual" && paused.until ? (
          <span>until {formatDate(paused.until)}</span>
        ) : null}
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
  row: Pick<InvoiceRow, "id" | "customerRef" | "lastReminder" | "nextReminder" | "remindersPaused">;
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
