import { type AgeReportResponse, agingBuckets } from "@recoup/contracts";

import { TableCell, TableFooter, TableRow } from "@/components/ui/table";
import { formatMoney } from "@/lib/format";

type Totals = AgeReportResponse["data"]["totals"];

/** The totals row, one per currency, over every matching customer (not only this page). */
export function AgingTotals({ totals }: { totals: Totals | undefined }) {
  if (!totals?.length) return null;
  const several = totals.length > 1;
  return (
    <TableFooter>
      {totals.map((total) => (
        <TableRow key={total.currency} className="hover:bg-transparent" data-testid="aging-total">
          <TableCell className="font-semibold">
            {several ? `Total (${total.currency})` : "Total"}
            <span className="text-muted-foreground ml-2 text-xs font-normal">all customers</span>
          </TableCell>
          {agingBuckets.map(({ key }) => (
            <TableCell key={key} className="text-right font-semibold tabular-nums">
              {formatMoney(total[key], total.currency)}
            </TableCell>
          ))}
          <TableCell className="text-right font-semibold tabular-nums">
            {formatMoney(total.total, total.currency)}
          </TableCell>
        </TableRow>
      ))}
    </TableFooter>
  );
}
