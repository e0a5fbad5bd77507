import type { InvoiceRow } from "@recoup/contracts";
import { useMemo } from "react";
import { StaticTable } from "@/components/data-table/static-table";
import { invoiceColumns } from "@/components/invoice-columns";
import { SectionCard } from "@/components/section-card";
import { reminderColumns } from "@/features/reminders";

const rowId = (row: InvoiceRow) => row.id;

/** One of the customer's invoice lists (open, or paid and voided), shown whole; with `companyId`, reminder actions. */
export function CustomerInvoices({
  id,
  title,
  description,
  rows,
  empty,
  companyId,
}: {
  id: string;
  title: string;
  description: string;
  rows: InvoiceRow[];
  empty: string;
  companyId?: string;
}) {
  const columns = useMemo(
    () => [...invoiceColumns({ customer: false }), ...reminderColumns({ companyId })],
    [companyId],
  );
  return (
    <SectionCard id={id} title={title} description={description}>
      <StaticTable label={title} columns={columns} rows={rows} getRowId={rowId} empty={empty} />
    </SectionCard>
  );
}
