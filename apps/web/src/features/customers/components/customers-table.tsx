import type { CustomerRow } from "@recoup/contracts";

import { ListTableCard } from "@/components/data-table/list-table-card";
import { useCustomers } from "@/features/customers/api/get-customers";
import { customerColumns } from "@/features/customers/components/customer-columns";
import { ScheduleFilter, useScheduleFilter } from "@/features/customers/components/schedule-filter";
import { customerListDefaults } from "@/features/customers/utils/customer-list";
import { useListParams } from "@/hooks/use-list-params";

const rowId = (row: CustomerRow) => row.customerRef;

/** Customers with an open balance: search, the schedule filter, sortable columns and pages, all in the URL. */
export function CustomersTable({ companyId }: { companyId: string }) {
  const list = useListParams(customerListDefaults);
  const [schedule, setSchedule] = useScheduleFilter();
  const query = useCustomers({
    companyId,
    sortBy: list.sort,
    sortOrder: list.order,
    search: list.search || undefined,
    schedule: schedule ?? undefined,
    page: list.page,
    limit: list.pageSize,
  });
  return (
    <ListTableCard
      query={query}
      errorTitle="Failed to load customers"
      searchLabel="Search customers"
      tools={<ScheduleFilter companyId={companyId} value={schedule} onChange={setSchedule} />}
      label="Customers"
      columns={customerColumns}
      rows={query.data?.customers}
      total={query.data?.total ?? 0}
      getRowId={rowId}
      list={list}
      noun={["customer", "customers"]}
      empty={
        schedule
          ? "No customer with an open balance follows this schedule. Choose All schedules to see them all."
          : list.search
            ? "No customer with an open balance matches this search. Try another name or email."
            : "No customer owes you anything right now. Customers with unpaid invoices appear here."
      }
    />
  );
}
