import type { CustomerRow } from "@recoup/contracts";

import { ListTableCard } from "@/components/data-table/list-table-card";
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
  return (
    <ListTableCard
      query={query}
      errorTitle="Failed to load customers"
      searchLabel="Search customers"
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
  );
}
