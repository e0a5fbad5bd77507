import type { InvoiceRow } from "@recoup/contracts";
import { useMemo } from "react";

import { StaticTable } from "@/components/data-table/static-table";
import { invoiceColumns } from "@/components/invoice-columns";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

const rowId = (row: InvoiceRow) => row.id;

/** One of the customer's invoice lists (open, or paid and voided), shown whole. */
export function CustomerInvoices({
  id,
  title,
  description,
  rows,
  empty,
}: {
  id: string;
  title: string;
  description: string;
  rows: InvoiceRow[];
  empty: string;
}) {
  const columns = useMemo(() => invoiceColumns({ customer: false }), []);
  return (
    <Card className="min-w-0 gap-4" role="region" aria-labelledby={id}>
      <CardHeader>
        <CardTitle>
          <h2 id={id}>{title}</h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="min-w-0">
        <StaticTable label={title} columns={columns} rows={rows} getRowId={rowId} empty={empty} />
      </CardContent>
    </Card>
  );
}
