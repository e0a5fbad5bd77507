import type { DashboardSummary } from "@recoup/contracts";
import { Link } from "react-router";

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatCount, formatDays, formatMoney } from "@/lib/format";
import { customerPath } from "@/lib/routes";

type Customer = DashboardSummary["mostOverdue"][number];

/** The customers with the most overdue (in the home currency), each a link to their page. */
export function MostOverdue({ customers, homeCurrency }: { customers: Customer[]; homeCurrency: string }) {
  return (
    <Card className="min-w-0" role="region" aria-labelledby="most-overdue-title">
      <CardHeader>
        <CardTitle>
          <h2 id="most-overdue-title">Most overdue customers</h2>
        </CardTitle>
        <CardDescription>Who to chase first.</CardDescription>
      </CardHeader>
      <CardContent>
        {customers.length === 0 ? (
          <p className="text-muted-foreground text-sm">No customer is overdue. Nicely done.</p>
        ) : (
          <ol className="divide-y">
            {customers.map((c) => (
              <li
                key={c.customerRef}
                className="flex items-start justify-between gap-4 py-3 first:pt-0 last:pb-0"
              >
                <div className="grid min-w-0 gap-0.5">
                  <Link
                    to={customerPath(c.customerRef)}
                    className="hover:text-primary truncate font-medium underline-offset-4 hover:underline"
                  >
                    {c.name}
                  </Link>
                  <span className="text-muted-foreground text-xs">
                    {formatCount(c.overdueInvoices)} overdue{" "}
                    {c.overdueInvoices === 1 ? "invoice" : "invoices"}
                    {c.daysOverdue > 0 ? ` · oldest ${formatDays(c.daysOverdue)} late` : ""}
                  </span>
                </div>
                <div className="grid shrink-0 gap-0.5 text-right">
                  <span className="text-destructive font-medium tabular-nums">
                    {formatMoney(c.overdueCents, c.currency)}
                  </span>
                  {c.currency !== homeCurrency ? (
                    <span className="text-muted-foreground text-xs tabular-nums">
                      ≈ {formatMoney(c.overdueHomeCents, homeCurrency)}
                    </span>
                  ) : null}
                </div>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
