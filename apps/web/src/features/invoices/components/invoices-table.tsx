import type { InvoiceRow } from "@recoup/contracts";
import { useMemo } from "react";
import { ErrorState } from "@/components/data-states";
import { DataTable } from "@/components/data-table/data-table";
import { DataTableSearch } from "@/components/data-table/data-table-search";
import { invoiceColumns } from "@/components/invoice-columns";
import { ListCard } from "@/components/list-card";
import { useInvoices } from "@/features/invoices/api/get-invoices";
import { StatusFilter } from "@/features/invoices/components/status-filter";
import { invoiceListDefaults } from "@/features/invoices/utils/invoice-list";
import { useListParams } from "@/hooks/use-list-params";

const rowId = (row: InvoiceRow) => row.id;

/** The invoice list: search, status filter, sortable columns and pages, all in the URL. */
export function InvoicesTable({ companyId }: { companyId: string }) {
  const list = useListParams(invoiceListDefaults);
  const columns = useMemo(() => invoiceColumns(), []);
  const query = useInvoices(
    {
      companyId,
      sortField: list.sort,
      sortOrder: list.order,
      searchQuery: list.search || undefined,
      page: list.page,
      limit: list.pageSize,
      status: list.filter ?? undefined,
    },
    true,
  );

  if (query.isError && !query.data) {
    return (
      <ErrorState
        title="Failed to load invoices"
        error={query.error}
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    );
  }

  const filtered = Boolean(list.search || list.filter);
  return (
    <ListCard
      toolbar={
        <>
          <DataTableSearch
            label="Search invoices"
            value={list.search}
            onSearch={(search) => list.update({ search })}
            className="sm:w-72"
          />
          <StatusFilter value={list.filter} onChange={(filter) => list.update({ filter })} />
        </>
      }
    >
      <DataTable
        label="Invoices"
        columns={columns}
        rows={query.data?.invoices}
        total={query.data?.total ?? 0}
        getRowId={rowId}
        list={list}
        noun={["invoice", "invoices"]}
        empty={
          filtered
            ? "No invoices match this search or filter. Clear the search or choose All."
            : "No invoices yet. Invoices you create in QuickBooks appear here after the next sync."
        }
      />
    </ListCard>
  );
}
