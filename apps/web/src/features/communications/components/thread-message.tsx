import type { EmailKind, EmailMessage, EmailStatus } from "@recoup/contracts";
import { ArrowDownLeftIcon, ArrowUpRightIcon, PaperclipIcon } from "lucide-react";

import { HeldSenderNotice } from "@/features/communications/components/held-sender-notice";
import { MessageBody } from "@/features/communications/components/message-body";
import { ThreadEntry } from "@/features/communications/components/thread-entry";
import { formatBytes, formatDate } from "@/lib/format";
import { cn } from "@/lib/utils";

const statusLabels: Record<EmailStatus, string> = {
  queued: "Queued",
  sent: "Sent",
  failed: "Send failed",
  bounced: "Bounced",
  received: "Received",
};

/** The emails that stand out; promises, disputes and updates are events (ThreadEvent). */
const kindLooks: Partial<Record<EmailKind, string>> = {
  reply: "border-amber-600/40 bg-amber-500/5",
  auto_reply: "border-sky-600/30 bg-sky-600/5",
  bounce: "border-red-600/30 bg-red-600/5",
};

/** One email of the thread: what it is, which way it went, its state and time, then its words. */
export function ThreadMessage({ companyId, message }: { companyId: string; message: EmailMessage }) {
  const outbound = message.direction === "outbound";
  const trouble = message.status === "failed" || message.status === "bounced";
  return (
    <ThreadEntry
      message={message}
      testId="thread-email"
      icon={outbound ? ArrowUpRightIcon : ArrowDownLeftIcon}
      className={cn(outbound && "bg-muted/30", kindLooks[message.kind])}
      meta={
        <>
          <span className="sr-only">
            {outbound
              ? "Sent by you"
              : message.sender === "unknown"
                ? "Received"
                : "Received from the customer"}
            ,{" "}
          </span>
          <span className={cn("font-medium", trouble ? "text-destructive" : "text-muted-foreground")}>
            {statusLabels[message.status]}
          </span>
        </>
      }
      details={
        <div
          className="text-muted-foreground grid gap-0.5 text-xs break-all"
          data-testid="thread-email-recipients"
        >
          <p>
            From {message.from} to {message.to}
          </p>
          {message.cc ? <p>CC {message.cc}</p> : null}
          {message.bcc ? <p>BCC {message.bcc} (not shown to the recipients)</p> : null}
        </div>
      }
    >
      {message.error ? (
        <p className="text-destructive text-sm break-words">
          {message.kind === "bounce" ? "Not delivered: " : "Could not send: "}
          {message.error}
        </p>
      ) : null}
      {message.note ? <p className="text-muted-foreground text-sm break-words">{message.note}</p> : null}
      <HeldSenderNotice companyId={companyId} message={message} />
      {message.kind === "auto_reply" && message.returnDate ? (
        <p className="text-sm font-medium">Back on {formatDate(message.returnDate)}</p>
      ) : null}
      <MessageBody message={message} />
      {message.attachments.length > 0 ? (
        <ul aria-label="Attachments" className="grid gap-1">
          {message.attachments.map((file, i) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: two attachments may share a name.
              key={i}
              className="text-muted-foreground flex min-w-0 items-center gap-2 text-xs"
            >
              <PaperclipIcon className="size-3.5 shrink-0" aria-hidden="true" />
              <span className="text-foreground truncate">{file.filename}</span>
              <span className="shrink-0">{formatBytes(file.size)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </ThreadEntry>
  );
}
