import type { CustomerRow } from "@recoup/contracts";
import { ErrorState } from "@/components/data-states";
import { DataTable } from "@/components/data-table/data-table";
import { DataTableSearch } from "@/components/data-table/data-table-search";
import { ListCard } from "@/components/list-card";
import { useCustomers } from "@/features/customers/api/get-customers";
import { customerColumns } from "@/features/customers/components/customer-columns";
import { customerListDefaults } from "@/features/customers/utils/customer-list";
import { useListParams } from "@/hooks/use-list-params";

const rowId = (row: CustomerRow) => row.customerRef;

/** Customers with an open balance: search, sortable columns and pages, all in the URL. */
export function CustomersTable({ companyId }: { companyId: string }) {
  const list = useListParams(customerListDefaults);
  const query = useCustomers({
    companyId,
    sortBy: list.sort,
    sortOrder: list.order,
    search: list.search || undefined,
    page: list.page,
    limit: list.pageSize,
  });

  if (query.isError && !query.data) {
    return (
      <ErrorState
        title="Failed to load customers"
        error={query.error}
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    );
  }

  return (
    <ListCard
      toolbar={
        <DataTableSearch
          label="Search customers"
          value={list.search}
          onSearch={(search) => list.update({ search })}
          className="sm:w-72"
        />
      }
    >
      <DataTable
        label="Customers"
        columns={customerColumns}
        rows={query.data?.customers}
        total={query.data?.total ?? 0}
        getRowId={rowId}
        list={list}
        noun={["customer", "customers"]}
        empty={
          list.search
            ? "No customer with an open balance matches this search. Try another name or email."
            : "No customer owes you anything right now. Customers with unpaid invoices appear here."
        }
      />
    </ListCard>
  );
}
