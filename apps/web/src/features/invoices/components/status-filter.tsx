import type { InvoiceStatusFilter } from "@recoup/contracts";

import { Button } from "@/components/ui/button";
import { statusFilters } from "@/features/invoices/utils/invoice-list";

/** All, Unpaid, Open, Overdue, Paid, Voided: one pressed at a time. */
export function StatusFilter({
  value,
  onChange,
}: {
  value: InvoiceStatusFilter | null;
  onChange: (value: InvoiceStatusFilter | null) => void;
}) {
  return (
    <fieldset className="flex min-w-0 flex-wrap items-center gap-1">
      <legend className="sr-only">Status</legend>
      {statusFilters.map((filter) => {
        const pressed = filter.value === value;
        return (
          <Button
            key={filter.label}
            type="button"
            size="sm"
            variant={pressed ? "secondary" : "ghost"}
            aria-pressed={pressed}
            className="h-8"
            onClick={() => onChange(filter.value)}
          >
            {filter.label}
          </Button>
        );
      })}
    </fieldset>
  );
}
