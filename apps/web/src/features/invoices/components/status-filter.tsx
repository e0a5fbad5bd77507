import type { InvoiceStatusFilter } from "@recoup/contracts";

import { FilterButtons } from "@/components/filter-buttons";
import { statusFilters } from "@/features/invoices/utils/invoice-list";

/** All, Unpaid, Open, Overdue, Paid, Voided: one pressed at a time. */
export function StatusFilter({
  value,
  onChange,
}: {
  value: InvoiceStatusFilter | null;
  onChange: (value: InvoiceStatusFilter | null) => void;
}) {
  return <FilterButtons legend="Status" options={statusFilters} value={value} onChange={onChange} />;
}
