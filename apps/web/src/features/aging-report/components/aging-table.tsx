import type { AgingRow } from "@recoup/contracts";

import { ListTableCard } from "@/components/data-table/list-table-card";
import { useAgeReport } from "@/features/aging-report/api/get-age-report";
import { agingColumns } from "@/features/aging-report/components/aging-columns";
import { AgingTotals } from "@/features/aging-report/components/aging-totals";
import { DisputedSelect } from "@/features/aging-report/components/disputed-select";
import { DownloadCsvButton } from "@/features/aging-report/components/download-csv-button";
import { useDisputedChoice } from "@/features/aging-report/hooks/use-disputed-choice";
import { agingListDefaults } from "@/features/aging-report/utils/aging-list";
import { useListParams } from "@/hooks/use-list-params";
import { formatDate } from "@/lib/format";

const rowId = (row: AgingRow) => `${row.customerRef}:${row.currency}`;

/**
 * One row per customer with an open balance, by days past due; the totals row stays under every
 * page, and (when shown apart) the disputed invoices' row under it.
 */
export function AgingTable({ companyId }: { companyId: string }) {
  const list = useListParams(agingListDefaults);
  const [disputed, setDisputed] = useDisputedChoice();
  const base = {
    companyId,
    sortField: list.sort,
    sortOrder: list.order,
    searchQuery: list.search || undefined,
    disputed,
  };
  const query = useAgeReport({ ...base, page: list.page, size: list.pageSize });
  return (
    <ListTableCard
      query={query}
      errorTitle="Failed to load the aging report"
      searchLabel="Search customers"
      tools={
        <>
          <DisputedSelect value={disputed} onChange={setDisputed} />
          {query.data ? (
            <p className="text-muted-foreground text-sm">As of {formatDate(query.data.asOf)}</p>
          ) : null}
          <DownloadCsvButton query={base} />
        </>
      }
      label="Aging report"
      columns={agingColumns}
      rows={query.data?.rows}
      total={query.data?.total ?? 0}
      getRowId={rowId}
      list={list}
      noun={["customer", "customers"]}
      footer={<AgingTotals totals={query.data?.totals} disputed={query.data?.disputed} choice={disputed} />}
      empty={
        list.search
          ? "No customer with an open balance matches this search."
          : disputed !== "include"
            ? "No customer owes anything but disputed invoices."
            : "Nothing is owed right now: customers with unpaid invoices appear here by age."
      }
    />
  );
}
