import { type EmailKind, type EmailMessage, type EmailStatus, emailKindLabels } from "@recoup/contracts";
import { ArrowDownLeftIcon, ArrowUpRightIcon, PaperclipIcon } from "lucide-react";
import { useId } from "react";

import { Badge } from "@/components/ui/badge";
import { HeldSenderNotice } from "@/features/communications/components/held-sender-notice";
import { MessageBody } from "@/features/communications/components/message-body";
import { formatBytes, formatDate, formatDateTime } from "@/lib/format";
import { cn } from "@/lib/utils";

const statusLabels: Record<EmailStatus, string> = {
  queued: "Queued",
  sent: "Sent",
  failed: "Send failed",
  bounced: "Bounced",
  received: "Received",
};

const kindLooks: Record<EmailKind, string> = {
  automatic: "",
  manual: "",
  test: "",
  reply: "border-amber-600/40 bg-amber-500/5",
  auto_reply: "border-sky-600/30 bg-sky-600/5",
  bounce: "border-red-600/30 bg-red-600/5",
};

/** One email of the thread: what it is, which way it went, its state and time, then its words. */
export function ThreadMessage({ companyId, message }: { companyId: string; message: EmailMessage }) {
  const headingId = useId();
  const outbound = message.direction === "outbound";
  const Direction = outbound ? ArrowUpRightIcon : ArrowDownLeftIcon;
  const trouble = message.status === "failed" || message.status === "bounced";
  return (
    <li>
      <article
        aria-labelledby={headingId}
        data-testid="thread-email"
        data-kind={message.kind}
        className={cn(
          "grid min-w-0 gap-3 rounded-lg border p-4",
          outbound && "bg-muted/30",
          kindLooks[message.kind],
        )}
      >
        <header className="grid gap-1.5">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
            <Badge variant="outline" className="gap-1">
              <Direction aria-hidden="true" />
              {emailKindLabels[message.kind]}
            </Badge>
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
            <time dateTime={message.at} className="text-muted-foreground ml-auto">
              {formatDateTime(message.at)}
            </time>
          </div>
          <h3 id={headingId} className="text-sm font-medium break-words">
            {message.subject || "(no subject)"}
          </h3>
          <p className="text-muted-foreground text-xs break-all">
            From {message.from} to {message.to}
          </p>
        </header>
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
      </article>
    </li>
  );
}
