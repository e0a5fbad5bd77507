import { type AgeReportResponse, agingBuckets } from "@recoup/contracts";

import { TableCell, TableFooter, TableRow } from "@/components/ui/table";
import type { DisputedChoice } from "@/features/aging-report/utils/disputed-choices";
import { formatCountOf, formatMoney } from "@/lib/format";
import { cn } from "@/lib/utils";

type Report = AgeReportResponse["data"];
type Amounts = Report["totals"][number];

/** One footer row: its name (and a note), then the buckets and the total in its currency. */
function AmountsRow({
  name,
  note,
  amounts,
  strong = false,
  testId,
}: {
  name: string;
  note: string;
  amounts: Amounts;
  /** Totals are bold; the disputed lines read like customers' rows (empty buckets faded). */
  strong?: boolean;
  testId: string;
}) {
  const cell = (cents: number) =>
    cn("text-right tabular-nums", strong ? "font-semibold" : cents === 0 && "text-muted-foreground");
  return (
    <TableRow className="hover:bg-transparent" data-testid={testId}>
      <TableCell className={strong ? "font-semibold" : "font-medium"}>
        {name}
        <span className="text-muted-foreground ml-2 text-xs font-normal">{note}</span>
      </TableCell>
      {agingBuckets.map(({ key }) => (
        <TableCell key={key} className={cell(amounts[key])}>
          {formatMoney(amounts[key], amounts.currency)}
        </TableCell>
      ))}
      <TableCell className={cell(amounts.total)}>{formatMoney(amounts.total, amounts.currency)}</TableCell>
    </TableRow>
  );
}

/**
 * The totals row, one per currency, over every matching customer (not only this page); then, when
 * disputed invoices are shown apart, their row per currency (left out of the totals above, as
 * they are when left out altogether).
 */
export function AgingTotals({
  totals,
  disputed = [],
  choice,
}: {
  totals: Report["totals"] | undefined;
  disputed?: Report["disputed"];
  choice: DisputedChoice;
}) {
  if (!totals?.length && !disputed.length) return null;
  const several = new Set([...(totals ?? []), ...disputed].map((t) => t.currency)).size > 1;
  const named = (name: string, currency: string) => (several ? `${name} (${currency})` : name);
  return (
    <TableFooter>
      {(totals ?? []).map((total) => (
        <AmountsRow
          key={total.currency}
          name={named("Total", total.currency)}
          note={choice === "exclude" ? "all customers, disputed left out" : "all customers"}
          amounts={total}
          strong
          testId="aging-total"
        />
      ))}
      {disputed.map((line) => (
        <AmountsRow
          key={`disputed-${line.currency}`}
          name={named("Disputed", line.currency)}
          note={`${formatCountOf(line.invoices, ["invoice", "invoices"])}, not in the totals`}
          amounts={line}
          testId="aging-disputed"
        />
      ))}
    </TableFooter>
  );
}
