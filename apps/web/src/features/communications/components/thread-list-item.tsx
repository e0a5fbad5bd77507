import { type CommunicationInvoice, emailKindLabels } from "@recoup/contracts";
import { Link } from "react-router";

import { ThreadStateBadge } from "@/components/communications/thread-state-badge";
import { HoldBadges } from "@/components/hold-badges";
import { invoiceNumber } from "@/components/invoice-columns";
import { formatCountOf, formatDateTime, formatMoney } from "@/lib/format";
import { cn } from "@/lib/utils";

/** One invoice's thread in the list: customer, invoice, where it stands (and any promise or dispute), and its latest message. */
export function ThreadListItem({
  thread,
  href,
  current,
}: {
  thread: CommunicationInvoice;
  href: string;
  current: boolean;
}) {
  const last = thread.lastMessage;
  return (
    <li>
      <Link
        to={href}
        aria-current={current ? "true" : undefined}
        data-testid="thread-item"
        className={cn(
          "hover:bg-accent/60 focus-visible:ring-ring/50 grid gap-1.5 rounded-lg border border-transparent px-3 py-2.5 text-sm outline-none focus-visible:ring-[3px]",
          current && "border-border bg-accent",
        )}
      >
        <span className="flex items-baseline justify-between gap-3">
          <span className="truncate font-medium">{thread.customerName}</span>
          <time dateTime={last.at} className="text-muted-foreground shrink-0 text-xs">
            {formatDateTime(last.at)}
          </time>
        </span>
        <span className="text-muted-foreground flex flex-wrap items-center gap-x-2 text-xs">
          <span>Invoice {invoiceNumber({ docNumber: thread.docNumber, id: thread.invoiceId })}</span>
          <span aria-hidden="true">·</span>
          <span>{formatMoney(thread.balanceCents, thread.currency)} due</span>
          <span aria-hidden="true">·</span>
          <span>{formatCountOf(thread.messageCount, ["message", "messages"])}</span>
        </span>
        <span className="flex flex-wrap items-center gap-2">
          <ThreadStateBadge state={thread.state} awayUntil={thread.awayUntil} />
          <HoldBadges promise={thread.promise} dispute={thread.dispute} className="contents" />
          <span className="text-muted-foreground text-xs">
            {emailKindLabels[last.kind]}
            {last.sender === "unknown" ? ", unknown sender" : ""}
          </span>
        </span>
        <span className="text-muted-foreground line-clamp-2 text-xs break-words">
          {last.snippet || last.subject}
        </span>
      </Link>
    </li>
  );
}
