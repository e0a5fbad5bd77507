import type { EmailMessage } from "@recoup/contracts";
import { Loader2Icon } from "lucide-react";
import { useEffect } from "react";

import { SectionCard } from "@/components/section-card";
import { isThreadEvent, ThreadEvent } from "@/features/communications/components/thread-event";
import { ThreadMessage } from "@/features/communications/components/thread-message";

/** An email just handed to the outbox, shown until the thread records it. */
export interface PendingEmail {
  subject: string;
  to: string;
  /** When 'Send' was pressed (ms). */
  at: number;
}

/** How long an email may take to reach the thread before the list stops waiting for it. */
const GIVE_UP_MS = 60_000;

const arrived = (messages: EmailMessage[], pending: PendingEmail) =>
  messages.some(
    (m) =>
      m.direction === "outbound" &&
      m.subject === pending.subject &&
      Date.parse(m.at) >= pending.at - GIVE_UP_MS,
  );

/** The thread's emails and its promises and disputes, oldest first, and the email being sent. */
export function ThreadMessages({
  companyId,
  messages,
  pending,
  onSettled,
}: {
  companyId: string;
  messages: EmailMessage[];
  pending: PendingEmail | null;
  /** The pending email is in the thread now (or waiting for it stopped). */
  onSettled: () => void;
}) {
  const done = pending !== null && arrived(messages, pending);
  useEffect(() => {
    if (!pending) return;
    if (done) return onSettled();
    const timer = setTimeout(onSettled, Math.max(0, pending.at + GIVE_UP_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [pending, done, onSettled]);

  return (
    <SectionCard
      id="thread-emails-title"
      title="Emails"
      description="Oldest first."
      contentClassName="grid gap-4"
    >
      {messages.length === 0 && !pending ? (
        <p className="text-muted-foreground text-sm">No emails in this thread yet.</p>
      ) : (
        <ol aria-labelledby="thread-emails-title" className="grid gap-4">
          {messages.map((message) =>
            isThreadEvent(message) ? (
              <ThreadEvent key={message.id} message={message} />
            ) : (
              <ThreadMessage key={message.id} companyId={companyId} message={message} />
            ),
          )}
          {pending && !done ? (
            <li
              className="bg-muted/40 grid gap-1 rounded-lg border border-dashed p-4 text-sm"
              data-testid="pending-email"
            >
              <p className="text-muted-foreground flex items-center gap-2 text-xs">
                <Loader2Icon className="size-3.5 animate-spin" aria-hidden="true" />
                Sending to {pending.to}…
              </p>
              <p className="font-medium break-words">{pending.subject}</p>
            </li>
          ) : null}
        </ol>
      )}
    </SectionCard>
  );
}
