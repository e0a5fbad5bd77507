import { MailsIcon, MousePointerClickIcon } from "lucide-react";
import { Link } from "react-router";

import { EmptyState, QueryErrorState } from "@/components/data-states";
import { LoadingBlocks } from "@/components/loading-blocks";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { ThreadList } from "@/features/communications/components/thread-list";
import { ThreadView } from "@/features/communications/components/thread-view";
import { useThreadSelection } from "@/features/communications/hooks/use-thread-selection";
import { communicationsListDefaults } from "@/features/communications/utils/communications-list";
import { useHoldFilter } from "@/hooks/use-hold-filter";
import { useListParams } from "@/hooks/use-list-params";
import { useCommunicationInvoices } from "@/lib/communications/get-communication-invoices";
import { cn } from "@/lib/utils";

/** The list beside the open thread on wide screens; on phones one at a time, the thread with a way back. */
const panes = "grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]";

export function CommunicationsWorkspace({ companyId }: { companyId: string }) {
  const list = useListParams(communicationsListDefaults);
  const [hold, setHold] = useHoldFilter();
  const { selected, hrefFor, listHref } = useThreadSelection();
  const query = useCommunicationInvoices({
    companyId,
    searchQuery: list.search || undefined,
    state: list.filter ?? undefined,
    hold: hold ?? undefined,
    page: list.page,
    limit: list.pageSize,
  });

  if (!selected) {
    if (query.isPending) return <WorkspaceSkeleton />;
    if (query.isError && !query.data)
      return <QueryErrorState title="Failed to load your conversations" query={query} />;
    if (query.data.total === 0 && !list.search && !list.filter && !hold) return <NoThreadsYet />;
  }

  return (
    <div className={panes}>
      <div className={cn("min-w-0", selected && "hidden lg:block")}>
        <ThreadList
          list={list}
          hold={hold}
          onHoldChange={setHold}
          query={query}
          selected={selected}
          hrefFor={hrefFor}
        />
      </div>
      <div className={cn("min-w-0", !selected && "hidden lg:block")}>
        {selected ? (
          <ThreadView
            key={`${selected.invoiceId}:${selected.customerRef}`}
            companyId={companyId}
            selected={selected}
            listHref={listHref}
          />
        ) : (
          <EmptyState icon={MousePointerClickIcon} title="Choose a conversation">
            Pick an invoice on the left to read its emails, add notes and write to the customer.
          </EmptyState>
        )}
      </div>
    </div>
  );
}

/** No email has gone out yet: threads start with the first reminder. */
function NoThreadsYet() {
  return (
    <EmptyState
      icon={MailsIcon}
      title="No conversations yet"
      action={
        <Button asChild variant="outline">
          <Link to="/email-templates">Go to Email Templates</Link>
        </Button>
      }
    >
      Each invoice's emails appear here as a thread once reminders go out: the reminders Recoup sends, your
      customers' replies, automatic replies and bounces. Turn on automatic reminders or send one from an
      invoice to start.
    </EmptyState>
  );
}

export function WorkspaceSkeleton() {
  return (
    <div className={panes}>
      <LoadingBlocks
        label="Loading your conversations…"
        blocks={["h-9 w-full", "h-24 w-full", "h-24 w-full", "h-24 w-full", "h-24 w-full"]}
      />
      <div className="hidden gap-6 lg:grid" aria-hidden="true">
        <Skeleton className="h-36 w-full rounded-xl" />
        <Skeleton className="h-96 w-full rounded-xl" />
      </div>
    </div>
  );
}
