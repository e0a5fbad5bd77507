import type { CustomerRefQuery, PaymentHistoryItem } from "@recoup/contracts";
import type { ColumnDef } from "@tanstack/react-table";
import { ErrorState } from "@/components/data-states";
import { StaticTable } from "@/components/data-table/static-table";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
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
    <Card className="min-w-0 gap-4" role="region" aria-labelledby="payments-title">
      <CardHeader>
        <CardTitle>
          <h2 id="payments-title">Payment history</h2>
        </CardTitle>
        <CardDescription>Payments and credits recorded in QuickBooks, newest first.</CardDescription>
      </CardHeader>
      <CardContent className="min-w-0">
        {query.isPending ? (
          <div className="grid gap-2">
            <Skeleton className="h-8 w-full" />
            <Skeleton className="h-8 w-full" />
            <Skeleton className="h-8 w-full" />
          </div>
        ) : query.isError ? (
          <ErrorState
            title="Failed to load the payment history"
            error={query.error}
            onRetry={() => query.refetch()}
            retrying={query.isFetching}
          />
        ) : (
          <StaticTable
            label="Payment history"
            columns={columns}
            rows={query.data}
            getRowId={rowId}
            empty="No payments from this customer yet."
          />
        )}
      </CardContent>
    </Card>
  );
}
