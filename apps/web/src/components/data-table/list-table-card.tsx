import type { ReactNode } from "react";
import { QueryErrorState } from "@/components/data-states";
import { DataTable, type DataTableProps } from "@/components/data-table/data-table";
import { DataTableSearch } from "@/components/data-table/data-table-search";
import { ListCard } from "@/components/list-card";

/**
 * A list page's card: the search box (and any other tools) above the DataTable, or the error
 * state with 'Try Again' when the first load failed.
 */
export function ListTableCard<T, S extends string, F extends string>({
  query,
  errorTitle,
  searchLabel,
  tools,
  ...table
}: DataTableProps<T, S, F> & {
  query: {
    data: unknown;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
    isFetching: boolean;
    isPlaceholderData: boolean;
  };
  errorTitle: string;
  /** The search box's label: "Search invoices". */
  searchLabel: string;
  tools?: ReactNode;
}) {
  if (query.isError && !query.data) return <QueryErrorState title={errorTitle} query={query} />;
  const { list } = table;
  return (
    <ListCard
      toolbar={
        <>
          <DataTableSearch
            label={searchLabel}
            value={list.search}
            onSearch={(search) => list.update({ search })}
            className="sm:w-72"
          />
          {tools}
        </>
      }
    >
      <DataTable {...table} stale={query.isPlaceholderData} />
    </ListCard>
  );
}
