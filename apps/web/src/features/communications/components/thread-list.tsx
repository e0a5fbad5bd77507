import { type CommunicationInvoicesResponse, type HoldFilter, holdFilterLabels } from "@recoup/contracts";

import { QueryErrorState } from "@/components/data-states";
import { DataTablePagination } from "@/components/data-table/data-table-pagination";
import { DataTableSearch } from "@/components/data-table/data-table-search";
import { FilterButtons } from "@/components/filter-buttons";
import { HoldFilterButtons } from "@/components/hold-filter";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { ThreadListItem } from "@/features/communications/components/thread-list-item";
import type { ThreadSelection } from "@/features/communications/hooks/use-thread-selection";
import type { ThreadFilter } from "@/features/communications/utils/communications-list";
import type { ListParamsState } from "@/hooks/use-list-params";

type ListQuery = {
  data: CommunicationInvoicesResponse["data"] | undefined;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  error: unknown;
  refetch: () => unknown;
};

const filters: { value: ThreadFilter | null; label: string }[] = [
  { value: null, label: "All" },
  { value: "reply_waiting", label: "Reply waiting" },
];

/**
 * The invoices with a thread, latest activity first: search, the 'Reply waiting' filter and the
 * 'Promised' / 'Disputed' one, in the URL.
 */
export function ThreadList({
  list,
  hold,
  onHoldChange,
  query,
  selected,
  hrefFor,
}: {
  list: ListParamsState<"latest", ThreadFilter>;
  hold: HoldFilter | null;
  onHoldChange: (hold: HoldFilter | null) => void;
  query: ListQuery;
  selected: ThreadSelection | null;
  hrefFor: (thread: ThreadSelection) => string;
}) {
  const data = query.data;
  return (
    <Card className="min-w-0 gap-4 py-4" role="region" aria-label="Conversations">
      <div className="grid gap-3 px-4">
        <DataTableSearch
          label="Search conversations"
          value={list.search}
          onSearch={(search) => list.update({ search })}
        />
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <FilterButtons
            legend="Show"
            options={filters}
            value={list.filter}
            onChange={(filter) => list.update({ filter })}
          />
          <HoldFilterButtons value={hold} onChange={onHoldChange} />
        </div>
      </div>
      <CardContent className="grid min-w-0 gap-3 px-4">
        {query.isError && !data ? (
          <QueryErrorState title="Failed to load your conversations" query={query} />
        ) : !data ? (
          <div className="grid gap-2" aria-busy="true">
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-20 w-full" />
          </div>
        ) : data.invoices.length === 0 ? (
          <p className="text-muted-foreground px-1 py-6 text-center text-sm">
            {hold
              ? `No conversation matches ${holdFilterLabels[hold]}. Press it again to see them all.`
              : list.filter
                ? "No reply is waiting. Replies that need you appear here."
                : "No conversations match this search."}
          </p>
        ) : (
          <ul
            aria-label="Invoices with emails"
            className={query.isPlaceholderData ? "grid gap-1 opacity-60" : "grid gap-1"}
          >
            {data.invoices.map((thread) => (
              <ThreadListItem
                key={thread.invoiceId}
                thread={thread}
                href={hrefFor(thread)}
                current={
                  selected?.invoiceId === thread.invoiceId && selected.customerRef === thread.customerRef
                }
              />
            ))}
          </ul>
        )}
        <DataTablePagination
          list={list}
          total={data?.total ?? 0}
          noun={["conversation", "conversations"]}
          loading={!data}
          compact
        />
      </CardContent>
    </Card>
  );
}
