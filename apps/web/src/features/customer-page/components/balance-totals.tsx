import type { CustomerPage } from "@recoup/contracts";
import type { ReactNode } from "react";

import { formatCountOf, formatMoney } from "@/lib/format";

const invoices = ["open invoice", "open invoices"] as const;

/**
 * What is owed, one figure per currency (amounts in different currencies never add up), and what
 * can be done about all of it (`children`: 'Promise to pay' for every open invoice).
 */
export function BalanceTotals({
  totals,
  children,
}: {
  totals: CustomerPage["totals"];
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby="balance-due-heading" className="grid gap-3">
      <h2 id="balance-due-heading" className="text-muted-foreground text-sm font-medium">
        Balance due
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {totals.map((total) => (
          <li key={total.currency} className="bg-card rounded-xl border p-4 shadow-xs">
            <p className="text-2xl font-semibold tracking-tight tabular-nums">
              {formatMoney(total.balanceCents, total.currency)}
            </p>
            <p className="text-muted-foreground mt-1 text-sm">
              {total.currency} · {formatCountOf(total.count, invoices)}
            </p>
          </li>
        ))}
      </ul>
      {children}
    </section>
  );
}
