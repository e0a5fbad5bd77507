import { emailKindLabels, MAX_SEARCH_LENGTH } from "@recoup/contracts";
import { ChevronRightIcon } from "lucide-react";
import { Link } from "react-router";

import { ThreadStateBadge } from "@/components/communications/thread-state-badge";
import { QueryErrorState } from "@/components/data-states";
import { HoldBadges } from "@/components/hold-badges";
import { invoiceNumber } from "@/components/invoice-columns";
import { SectionCard } from "@/components/section-card";
import { Skeleton } from "@/components/ui/skeleton";
import { useCommunicationInvoices } from "@/lib/communications/get-communication-invoices";
import { formatCountOf, formatDateTime } from "@/lib/format";
import { threadPath } from "@/lib/routes";

/**
 * The emails with this customer, one thread per invoice, latest first: where each stands and its
 * latest email, linking to the thread on the Communications page.
 */
export function CustomerCommunications({
  companyId,
  customerRef,
  name,
}: {
  companyId: string;
  customerRef: string;
  name: string;
}) {
  // The list is searched by the customer's name, then narrowed to this customer exactly.
  const query = useCommunicationInvoices({
    companyId,
    searchQuery: name.slice(0, MAX_SEARCH_LENGTH),
    page: 1,
    limit: 100,
  });
  const threads = query.data?.invoices.filter((t) => t.customerRef === customerRef);

  return (
    <SectionCard
      id="customer-communications-title"
      title="Communications"
      description="Emails with this customer, by invoice, latest first."
    >
      {query.isPending ? (
        <div className="grid gap-2" aria-busy="true">
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      ) : query.isError && !threads ? (
        <QueryErrorState title="Failed to load the emails with this customer" query={query} />
      ) : !threads?.length ? (
        <p className="text-muted-foreground text-sm">
          No emails with this customer yet. Reminders and their replies appear here once they go out.
        </p>
      ) : (
        <ul className="divide-y" aria-label="Email threads">
          {threads.map((thread) => (
            <li key={thread.invoiceId}>
              <Link
                to={threadPath(thread.invoiceId, thread.customerRef)}
                className="hover:bg-accent/60 focus-visible:ring-ring/50 -mx-2 flex items-center gap-3 rounded-md px-2 py-3 outline-none focus-visible:ring-[3px]"
              >
                <span className="grid min-w-0 flex-1 gap-1">
                  <span className="flex flex-wrap items-center gap-2 text-sm">
                    <span className="font-medium">
                      Invoice {invoiceNumber({ docNumber: thread.docNumber, id: thread.invoiceId })}
                    </span>
                    <ThreadStateBadge state={thread.state} awayUntil={thread.awayUntil} />
                    <HoldBadges promise={thread.promise} dispute={thread.dispute} className="contents" />
                  </span>
                  <span className="text-muted-foreground text-xs break-words">
                    {emailKindLabels[thread.lastMessage.kind]} · {formatDateTime(thread.lastMessage.at)} ·{" "}
                    {formatCountOf(thread.messageCount, ["message", "messages"])}
                  </span>
                </span>
                <ChevronRightIcon className="text-muted-foreground size-4 shrink-0" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
