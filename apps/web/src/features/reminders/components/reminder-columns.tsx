import type { InvoiceRow } from "@recoup/contracts";
import type { ColumnDef } from "@tanstack/react-table";

import { invoiceNumber } from "@/components/invoice-columns";
import { InvoiceReminderActions } from "@/features/reminders/components/invoice-reminder-actions";
import { RemindersCell } from "@/features/reminders/components/reminder-cells";

/**
 * The columns an invoice list ends with: last and next reminder, and with `companyId` each row's
 * reminder actions.
 */
export function reminderColumns({ companyId }: { companyId?: string } = {}): ColumnDef<InvoiceRow>[] {
  const reminders: ColumnDef<InvoiceRow> = {
    id: "reminders",
    header: "Reminders",
    cell: ({ row }) => <RemindersCell row={row.original} />,
  };
  if (!companyId) return [reminders];
  return [
    reminders,
    {
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      // Stays in view while a narrow screen scrolls the table sideways.
      meta: { className: "sticky right-0 bg-card px-1" },
      cell: ({ row }) => (
        <InvoiceReminderActions
          companyId={companyId}
          invoice={row.original}
          label={invoiceNumber(row.original)}
        />
      ),
    },
  ];
}
