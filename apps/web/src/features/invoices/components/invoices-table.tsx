import { holdFilterLabels, type InvoiceRow } from "@recoup/contracts";
import { useMemo } from "react";

import { ListTableCard } from "@/components/data-table/list-table-card";
import { HoldFilterButtons } from "@/components/hold-filter";
import { invoiceColumns } from "@/components/invoice-columns";
import { useInvoices } from "@/features/invoices/api/get-invoices";
import { StatusFilter } from "@/features/invoices/components/status-filter";
import { invoiceListDefaults } from "@/features/invoices/utils/invoice-list";
import { reminderColumns } from "@/features/reminders";
import { useHoldFilter } from "@/hooks/use-hold-filter";
import { useListParams } from "@/hooks/use-list-params";

const rowId = (row: InvoiceRow) => row.id;

/** The invoice list: search, status and hold filters, sortable columns and pages, all in the URL. */
export function InvoicesTable({ companyId }: { companyId: string }) {
  const list = useListParams(invoiceListDefaults);
  const [hold, setHold] = useHoldFilter();
  const columns = useMemo(() => [...invoiceColumns(), ...reminderColumns({ companyId })], [companyId]);
  const query = useInvoices({
    companyId,
    sortField: list.sort,
    sortOrder: list.order,
    searchQuery: list.search || undefined,
    page: list.page,
    limit: list.pageSize,
    status: list.filter ?? undefined,
    hold: hold ?? undefined,
  });
  return (
    <ListTableCard
      query={query}
      errorTitle="Failed to load invoices"
      searchLabel="Search invoices"
      tools={
        <>
          <StatusFilter value={list.filter} onChange={(filter) => list.update({ filter })} />
          {/* Set apart from the status filter: the two combine. */}
          <HoldFilterButtons value={hold} onChange={setHold} className="sm:border-l sm:pl-3" />
        </>
      }
      label="Invoices"
      columns={columns}
      rows={query.data?.invoices}
      total={query.data?.total ?? 0}
      getRowId={rowId}
      list={list}
      noun={["invoice", "invoices"]}
      empty={
        hold
          ? `No invoices ${hold === "promised" ? "with a promise to pay" : "in dispute"} match. Press ${holdFilterLabels[hold]} again to see them all.`
          : list.search || list.filter
            ? "No invoices match this search or filter. Clear the search or choose All."
            : "No invoices yet. Invoices you create in QuickBooks appear here after the next sync."
      }
    />
  );
}
