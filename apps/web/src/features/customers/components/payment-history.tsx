import type { CustomerRefQuery, PaymentHistoryItem } from "@recoup/contracts";
import type { ColumnDef } from "@tanstack/react-table";
import { QueryErrorState } from "@/components/data-states";
import { StaticTable } from "@/components/data-table/static-table";
import { SectionCard } from "@/components/section-card";
import { Skeleton } from "@/components/ui/skeleton";
import { usePaymentHistory } from "@/features/customers/api/get-payment-history";
import { formatDate, formatMoney } from "@/lib/format";

const columns: ColumnDef<PaymentHistoryItem>[] = [
  { id: "date", header: "Date", cell: ({ row }) => formatDate(row.original.date) },
  {
    id: "type",
    header: "Type",
    cell: ({ row }) => (row.original.type === "CreditMemo" ? "Credit memo" : "Payment"),
  },
  {
    id: "amount",
    header: "Amount",
    meta: { align: "right" },
    cell: ({ row }) => (
      <span className="font-medium">{formatMoney(row.original.amountCents, row.original.currency)}</span>
    ),
  },
  {
    id: "applied",
    header: "Applied to",
    cell: ({ row }) => {
      const { applied, unappliedCents, currency } = row.original;
      const parts = applied.map(
        (a) =>
          `${a.docNumber ? `#${a.docNumber}` : `invoice ${a.invoiceId}`} (${formatMoney(a.amountCents, currency)})`,
      );
      if (unappliedCents > 0) parts.push(`${formatMoney(unappliedCents, currency)} unapplied`);
      return parts.length ? parts.join(", ") : <span className="text-muted-foreground">—</span>;
    },
  },
];

const rowId = (row: PaymentHistoryItem) => `${row.type}:${row.id}`;

/** Payments and credit memos from the customer, newest first, with the invoices each one paid. */
export function PaymentHistory({ refQuery }: { refQuery: CustomerRefQuery }) {
  const query = usePaymentHistory(refQuery);
  return (
    <SectionCard
      id="payments-title"
      title="Payment history"
      description="Payments and credits recorded in QuickBooks, newest first."
    >
      {query.isPending ? (
        <div className="grid gap-2">
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-8 w-full" />
        </div>
      ) : query.isError ? (
        <QueryErrorState title="Failed to load the payment history" query={query} />
      ) : (
        <StaticTable
          label="Payment history"
          columns={columns}
          rows={query.data}
          getRowId={rowId}
          empty="No payments from this customer yet."
        />
      )}
    </SectionCard>
  );
}
