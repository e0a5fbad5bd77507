import type { InvoiceRow } from "@recoup/contracts";
import type { ColumnDef } from "@tanstack/react-table";

import { CustomerLink } from "@/components/customer-link";
import { HoldBadges } from "@/components/hold-badges";
import { InvoiceStatusBadge } from "@/components/invoice-status-badge";
import { formatDate, formatDays, formatMoney } from "@/lib/format";

/** "#1042", or the QuickBooks id when the invoice has no number. */
export const invoiceNumber = (row: Pick<InvoiceRow, "docNumber" | "id">) =>
  row.docNumber ? `#${row.docNumber}` : `(no number, id ${row.id})`;

/**
 * An invoice list's columns (number, customer, issue and due dates, total, balance, status, days
 * overdue), shared by the Invoices page and a customer's invoices, which add the reminders'
 * columns after them. `customer: false` drops the customer column (a customer's own page).
 */
export function invoiceColumns({ customer = true }: { customer?: boolean } = {}): ColumnDef<InvoiceRow>[] {
  const columns: (ColumnDef<InvoiceRow> | null)[] = [
    {
      id: "docNumber",
      header: "Number",
      meta: { sortField: "docNumber" },
      cell: ({ row }) => <span className="font-medium">{invoiceNumber(row.original)}</span>,
    },
    customer
      ? {
          id: "customerName",
          header: "Customer",
          meta: { sortField: "customerName" },
          cell: ({ row }) => (
            <CustomerLink customerRef={row.original.customerRef} name={row.original.customerName} />
          ),
        }
      : null,
    {
      id: "txnDate",
      header: "Issue date",
      meta: { sortField: "txnDate", descFirst: true },
      cell: ({ row }) => formatDate(row.original.txnDate),
    },
    {
      id: "dueDate",
      header: "Due date",
      meta: { sortField: "dueDate", descFirst: true },
      cell: ({ row }) => formatDate(row.original.dueDate),
    },
    {
      id: "total",
      header: "Total",
      meta: { sortField: "total", align: "right", descFirst: true },
      cell: ({ row }) => formatMoney(row.original.totalCents, row.original.currency),
    },
    {
      id: "balance",
      header: "Balance",
      meta: { sortField: "balance", align: "right", descFirst: true },
      cell: ({ row }) => (
        <span className="font-medium">{formatMoney(row.original.balanceCents, row.original.currency)}</span>
      ),
    },
    {
      id: "status",
      header: "Status",
      meta: { sortField: "status" },
      // Days overdue sits under the badge, then a promise or a dispute; the column sorts by
      // status, "Days overdue" by days.
      cell: ({ row }) => (
        <span className="grid justify-items-start gap-1">
          <InvoiceStatusBadge status={row.original.status} />
          {row.original.daysOverdue > 0 ? (
            <span className="text-destructive text-xs font-medium whitespace-nowrap">
              {formatDays(row.original.daysOverdue)} overdue
            </span>
          ) : null}
          <HoldBadges promise={row.original.promise} dispute={row.original.dispute} narrow />
        </span>
      ),
    },
    {
      id: "daysOverdue",
      header: "Days overdue",
      meta: { sortField: "daysOverdue", align: "right", descFirst: true, className: "hidden 2xl:table-cell" },
      cell: ({ row }) =>
        row.original.daysOverdue > 0 ? (
          <span className="text-destructive font-medium">{formatDays(row.original.daysOverdue)}</span>
        ) : (
          <span className="text-muted-foreground">—</span>
        ),
    },
  ];
  return columns.filter((c): c is ColumnDef<InvoiceRow> => c !== null);
}
