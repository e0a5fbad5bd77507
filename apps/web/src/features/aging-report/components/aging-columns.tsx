import { type AgingRow, agingBuckets } from "@recoup/contracts";
import type { ColumnDef } from "@tanstack/react-table";

import { CustomerLink } from "@/components/customer-link";
import { formatMoney } from "@/lib/format";
import { cn } from "@/lib/utils";

/** A bucket's amount: empty buckets fade so the owed ones stand out. */
function Amount({ cents, currency, strong }: { cents: number; currency: string; strong?: boolean }) {
  return (
    <span className={cn(cents === 0 && "text-muted-foreground", strong && "font-semibold")}>
      {formatMoney(cents, currency)}
    </span>
  );
}

/** Customer, the five buckets (Current, 1-30, 31-60, 61-90, Over 90) and Total, each in the customer's currency. */
export const agingColumns: ColumnDef<AgingRow>[] = [
  {
    id: "customerName",
    header: "Customer",
    meta: { sortField: "customerName" },
    cell: ({ row }) => (
      <CustomerLink
        customerRef={row.original.customerRef}
        name={row.original.customerName}
        className="font-medium"
      />
    ),
  },
  ...agingBuckets.map(
    ({ key, label }): ColumnDef<AgingRow> => ({
      id: key,
      header: label,
      meta: { sortField: key, align: "right", descFirst: true },
      cell: ({ row }) => <Amount cents={row.original[key]} currency={row.original.currency} />,
    }),
  ),
  {
    id: "total",
    header: "Total",
    meta: { sortField: "total", align: "right", descFirst: true },
    cell: ({ row }) => <Amount cents={row.original.total} currency={row.original.currency} strong />,
  },
];
