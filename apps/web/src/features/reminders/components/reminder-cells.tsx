import type { InvoiceRow, ReminderPause, SentReminderKind } from "@recoup/contracts";
import { MailWarningIcon, MessageSquareReplyIcon, PauseIcon, PhoneIcon, PlaneIcon } from "lucide-react";
import { usePauseInForce } from "@/features/reminders/hooks/use-pause-in-force";
import { pauseText } from "@/features/reminders/utils/pause-text";
import { formatDate, formatDateTime, formatUnixDate } from "@/lib/format";
import { cn } from "@/lib/utils";

const none = <span className="text-muted-foreground">—</span>;

/** A stage (as the API names it) over its date, small enough for a table cell. */
function StageAndDate({
  stage,
  label,
  date,
  title,
}: {
  stage: SentReminderKind;
  label: string;
  date: string;
  title?: string;
}) {
  return (
    <span className="grid text-xs leading-snug whitespace-nowrap" data-stage={stage}>
      <span className="font-medium">{label}</span>
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
      label={last.label}
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

/** A pause as a headline and its detail: 'Away until' over the date, 'Email bouncing:' over the address. */
function pauseLines(
  pause: ReminderPause | undefined,
  paused: NonNullable<InvoiceRow["remindersPaused"]>,
): [string, string | null] {
  switch (pause?.reason) {
    case "reply":
      return [pauseText(pause), null];
    case "away":
      return ["Away until", formatDate(pause.detail ?? pause.until)];
    case "bounce":
      return pause.detail ? ["Email bouncing:", pause.detail] : [pauseText(pause), null];
    default:
      return [
        paused.scope === "customer" ? "Customer paused" : "Paused",
        paused.until ? `until ${formatDate(paused.until)}` : null,
      ];
  }
}

/**
 * The next planned reminder (stage and date), or the pause that holds it back and why: a reply
 * waiting, the customer away until a date, their email bouncing (and which address), or a person.
 */
export function NextReminderCell({
  row,
}: {
  row: Pick<InvoiceRow, "id" | "customerRef" | "nextReminder" | "remindersPaused" | "needsCall">;
}) {
  const paused = row.remindersPaused;
  const pause = usePauseInForce(row);
  if (paused) {
    const reason = pause?.reason ?? "manual";
    const Icon = pauseIcons[reason];
    // Two short lines, so the table's narrow reminders column keeps them whole.
    const [headline, detail] = pauseLines(pause, paused);
    return (
      <span
        className={cn("grid text-xs leading-snug whitespace-nowrap", pauseTones[reason])}
        data-pause-reason={reason}
      >
        <span className="flex items-center gap-1 font-medium">
          <Icon className="size-3" aria-hidden="true" />
          {headline}
        </span>
        {detail ? (
          // An address never widens the column: it takes the headline's width and ends in an ellipsis.
          <span className={cn("truncate", reason === "bounce" && "w-0 min-w-full")} title={detail}>
            {detail}
          </span>
        ) : null}
      </span>
    );
  }
  if (row.needsCall)
    // Its schedule's final stage went: chasing stopped, someone should phone.
    return (
      <span className="flex items-center gap-1 text-xs font-medium whitespace-nowrap text-red-700 dark:text-red-300">
        <PhoneIcon className="size-3" aria-hidden="true" />
        Needs a call
      </span>
    );
  const next = row.nextReminder;
  if (!next) return none;
  return <StageAndDate stage={next.stage} label={next.label} date={formatDate(next.date)} />;
}

/** Last and next reminder in one cell, so the invoice table fits a laptop screen. */
export function RemindersCell({
  row,
}: {
  row: Pick<
    InvoiceRow,
    "id" | "customerRef" | "lastReminder" | "nextReminder" | "remindersPaused" | "needsCall"
  >;
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
