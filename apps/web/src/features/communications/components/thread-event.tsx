import type { EmailKind, EmailMessage } from "@recoup/contracts";
import { CalendarCheckIcon, HistoryIcon, type LucideIcon, MessageSquareWarningIcon } from "lucide-react";

import { ThreadEntry } from "@/features/communications/components/thread-entry";

/** The thread's entries that are not emails: a promise to pay, a dispute, a user's update to them. */
const eventKinds: readonly EmailKind[] = ["promise", "dispute", "update"];
export const isThreadEvent = (message: Pick<EmailMessage, "kind">) => eventKinds.includes(message.kind);

const looks: Partial<Record<EmailKind, { icon: LucideIcon; className: string; badge: string }>> = {
  promise: {
    icon: CalendarCheckIcon,
    className: "border-emerald-600/30 bg-emerald-600/5",
    badge: "border-emerald-600/30 text-emerald-800 dark:text-emerald-300",
  },
  dispute: {
    icon: MessageSquareWarningIcon,
    className: "border-violet-600/30 bg-violet-600/5",
    badge: "border-violet-600/30 text-violet-800 dark:text-violet-300",
  },
};
const updateLook = { icon: HistoryIcon, className: "bg-muted/30", badge: "text-muted-foreground" };

/**
 * A promise, a dispute or an update in the thread, in its place among the emails, drawn dashed:
 * what happened and when, then its words (the customer's note or message). No addresses:
 * nothing was mailed.
 */
export function ThreadEvent({ message }: { message: EmailMessage }) {
  const look = looks[message.kind] ?? updateLook;
  const words = (message.replyText || message.text).trim();
  return (
    <ThreadEntry
      message={message}
      testId="thread-event"
      icon={look.icon}
      className={`gap-2 border-dashed ${look.className}`}
      badgeClassName={look.badge}
      meta={
        <span className="sr-only">
          {message.direction === "inbound" ? "From the customer, " : "By you, "}
        </span>
      }
    >
      {words ? (
        <p className="text-sm wrap-anywhere whitespace-pre-wrap" data-testid="event-text">
          {words}
        </p>
      ) : null}
    </ThreadEntry>
  );
}
