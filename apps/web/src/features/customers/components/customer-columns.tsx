import type { CustomerRow } from "@recoup/contracts";
import type { ColumnDef } from "@tanstack/react-table";

import { CustomerLink } from "@/components/customer-link";
import { CustomerTags } from "@/features/customers/components/customer-tags";
import { followedName } from "@/features/reminders";
import { formatCount, formatDate, formatMoney } from "@/lib/format";

/**
 * Name (a link to Customer Details), email, open invoices, outstanding, overdue, oldest due date,
 * reminder schedule, tags.
 */
export const customerColumns: ColumnDef<CustomerRow>[] = [
  {
    id: "name",
    header: "Name",
    meta: { sortField: "name" },
    cell: ({ row }) => (
      <CustomerLink customerRef={row.original.customerRef} name={row.original.name} className="font-medium" />
    ),
  },
  {
    id: "email",
    header: "Email",
    meta: { sortField: "email" },
    cell: ({ row }) =>
      row.original.email ? (
        <span className="block max-w-40 truncate" title={row.original.email}>
          {row.original.email}
        </span>
      ) : (
        <span className="text-muted-foreground">No email</span>
      ),
  },
  {
    id: "openInvoices",
    header: "Open invoices",
    meta: { sortField: "openInvoices", align: "right", descFirst: true },
    cell: ({ row }) => formatCount(row.original.openInvoices),
  },
  {
    id: "outstanding",
    header: "Outstanding",
    meta: { sortField: "outstanding", align: "right", descFirst: true },
    cell: ({ row }) => (
      <span className="font-medium">{formatMoney(row.original.outstandingCents, row.original.currency)}</span>
    ),
  },
  {
    id: "overdue",
    header: "Overdue",
    meta: { sortField: "overdue", align: "right", descFirst: true },
    cell: ({ row }) =>
      row.original.overdueCents > 0 ? (
        <span className="text-destructive font-medium">
          {formatMoney(row.original.overdueCents, row.original.currency)}
        </span>
      ) : (
        formatMoney(0, row.original.currency)
      ),
  },
  {
    id: "oldestDueDate",
    header: "Oldest due date",
    meta: { sortField: "oldestDueDate" },
    cell: ({ row }) => formatDate(row.original.oldestDueDate),
  },
  {
    id: "schedule",
    header: "Schedule",
    cell: ({ row }) => (
      <span
        className={row.original.schedule ? "whitespace-nowrap" : "text-muted-foreground whitespace-nowrap"}
      >
        {followedName(row.original.schedule)}
      </span>
    ),
  },
  {
    id: "tags",
    header: "Tags",
    cell: ({ row }) => <CustomerTags tags={row.original.tags} />,
  },
];
