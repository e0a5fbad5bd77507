import type { InvoiceSortField, InvoiceStatusFilter } from "@recoup/contracts";
import { invoiceListSort, invoiceStatusFilterSchema } from "@recoup/contracts";

import type { ListDefaults } from "@/lib/list-params";

export const invoiceListDefaults: ListDefaults<InvoiceSortField, InvoiceStatusFilter> = {
  ...invoiceListSort,
  filters: invoiceStatusFilterSchema.options,
};

/** The status filter's choices, in the order they are offered; null is All. */
export const statusFilters: { value: InvoiceStatusFilter | null; label: string }[] = [
  { value: null, label: "All" },
  { value: "unpaid", label: "Unpaid" },
  { value: "open", label: "Open" },
  { value: "overdue", label: "Overdue" },
  { value: "paid", label: "Paid" },
  { value: "voided", label: "Voided" },
];
