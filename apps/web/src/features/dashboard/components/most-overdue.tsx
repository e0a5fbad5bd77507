import type { DashboardSummary } from "@recoup/contracts";

import { SectionCard } from "@/components/section-card";
import { CustomerRow } from "@/features/dashboard/components/customer-row";
import { formatCount, formatDays, formatMoney } from "@/lib/format";

type Customer = DashboardSummary["mostOverdue"][number];

/** The customers with the most overdue (in the home currency), each a link to their page. */
export function MostOverdue({ customers, homeCurrency }: { customers: Customer[]; homeCurrency: string }) {
  return (
    <SectionCard id="most-overdue-title" title="Most overdue customers" description="Who to chase first.">
      {customers.length === 0 ? (
        <p className="text-muted-foreground text-sm">No customer is overdue. Nicely done.</p>
      ) : (
        <ol className="divide-y">
          {customers.map((c) => (
            <CustomerRow
              key={c.customerRef}
              customerRef={c.customerRef}
              name={c.name}
              detail={`${formatCount(c.overdueInvoices)} overdue ${c.overdueInvoices === 1 ? "invoice" : "invoices"}${c.daysOverdue > 0 ? ` · oldest ${formatDays(c.daysOverdue)} late` : ""}`}
            >
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
            </CustomerRow>
          ))}
        </ol>
      )}
    </SectionCard>
  );
}
