import type { DashboardSummary } from "@recoup/contracts";
import { BanIcon, FilePlusIcon, HandCoinsIcon } from "lucide-react";
import { Link } from "react-router";

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDate, formatMoney } from "@/lib/format";
import { customerPath } from "@/lib/routes";

type Activity = DashboardSummary["recentActivity"][number];

const kinds = {
  payment: { icon: HandCoinsIcon, verb: "Payment received", className: "text-success bg-success/10" },
  invoice_created: { icon: FilePlusIcon, verb: "Invoice created", className: "text-foreground bg-muted" },
  invoice_voided: { icon: BanIcon, verb: "Invoice voided", className: "text-muted-foreground bg-muted" },
} as const;

/** The latest payments and invoice changes from QuickBooks, newest first. */
export function RecentActivity({ items }: { items: Activity[] }) {
  return (
    <Card className="min-w-0" role="region" aria-labelledby="recent-activity-title">
      <CardHeader>
        <CardTitle>
          <h2 id="recent-activity-title">Recent activity</h2>
        </CardTitle>
        <CardDescription>Payments and invoices from QuickBooks.</CardDescription>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <p className="text-muted-foreground text-sm">Nothing has happened yet.</p>
        ) : (
          <ol className="divide-y">
            {items.map((item) => {
              const { icon: Icon, verb, className } = kinds[item.type];
              return (
                <li
                  key={`${item.type}:${item.id}`}
                  className="flex items-start gap-3 py-3 first:pt-0 last:pb-0"
                >
                  <span
                    className={`mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full ${className}`}
                  >
                    <Icon className="size-3.5" aria-hidden="true" />
                  </span>
                  <div className="grid min-w-0 flex-1 gap-0.5">
                    <p className="text-sm">
                      <span className="font-medium">{verb}</span>
                      {item.docNumber ? ` #${item.docNumber}` : ""}
                      {" · "}
                      <Link
                        to={customerPath(item.customerRef)}
                        className="hover:text-primary underline-offset-4 hover:underline"
                      >
                        {item.customerName}
                      </Link>
                    </p>
                    <p className="text-muted-foreground text-xs">
                      <time dateTime={item.date}>{formatDate(item.date)}</time>
                    </p>
                  </div>
                  <span className="shrink-0 text-sm font-medium tabular-nums">
                    {formatMoney(item.amountCents, item.currency)}
                  </span>
                </li>
              );
            })}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
