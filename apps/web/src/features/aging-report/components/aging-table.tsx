import type { AgingRow } from "@recoup/contracts";
import { ErrorState } from "@/components/data-states";
import { DataTable } from "@/components/data-table/data-table";
import { DataTableSearch } from "@/components/data-table/data-table-search";
import { ListCard } from "@/components/list-card";
import { useAgeReport } from "@/features/aging-report/api/get-age-report";
import { agingColumns } from "@/features/aging-report/components/aging-columns";
import { AgingTotals } from "@/features/aging-report/components/aging-totals";
import { DownloadCsvButton } from "@/features/aging-report/components/download-csv-button";
import { agingListDefaults } from "@/features/aging-report/utils/aging-list";
import { useListParams } from "@/hooks/use-list-params";
import { formatDate } from "@/lib/format";

const rowId = (row: AgingRow) => `${row.customerRef}:${row.currency}`;

/** One row per customer with an open balance, by days past due; the totals row stays under every page. */
export function AgingTable({ companyId }: { companyId: string }) {
  const list = useListParams(agingListDefaults);
  const base = {
    companyId,
    sortField: list.sort,
    sortOrder: list.order,
    searchQuery: list.search || undefined,
  };
  const query = useAgeReport({ ...base, page: list.page, size: list.pageSize });

  if (query.isError && !query.data) {
    return (
      <ErrorState
        title="Failed to load the aging report"
        error={query.error}
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    );
  }

  return (
    <ListCard
      toolbar={
        <>
          <DataTableSearch
            label="Search customers"
            value={list.search}
            onSearch={(search) => list.update({ search })}
            className="sm:w-72"
          />
          {query.data ? (
            <p className="text-muted-foreground text-sm">As of {formatDate(query.data.asOf)}</p>
          ) : null}
          <DownloadCsvButton query={base} />
        </>
      }
    >
      <DataTable
        label="Aging report"
        columns={agingColumns}
        rows={query.data?.rows}
        total={query.data?.total ?? 0}
        getRowId={rowId}
        list={list}
        noun={["customer", "customers"]}
        footer={<AgingTotals totals={query.data?.totals} />}
        empty={
          list.search
            ? "No customer with an open balance matches this search."
            : "Nothing is owed right now: customers with unpaid invoices appear here by age."
        }
      />
    </ListCard>
  );
}
