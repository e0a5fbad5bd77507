import type { DashboardSummary } from "@recoup/contracts";
import { BanIcon, FilePlusIcon, HandCoinsIcon } from "lucide-react";

import { CustomerLink } from "@/components/customer-link";
import { SectionCard } from "@/components/section-card";
import { formatDate, formatMoney } from "@/lib/format";

type Activity = DashboardSummary["recentActivity"][number];

const kinds = {
  payment: { icon: HandCoinsIcon, verb: "Payment received", className: "text-success bg-success/10" },
  invoice_created: { icon: FilePlusIcon, verb: "Invoice created", className: "text-foreground bg-muted" },
  invoice_voided: { icon: BanIcon, verb: "Invoice voided", className: "text-muted-foreground bg-muted" },
} as const;

/** The latest payments and invoice changes from QuickBooks, newest first. */
export function RecentActivity({ items }: { items: Activity[] }) {
  return (
    <SectionCard
      id="recent-activity-title"
      title="Recent activity"
      description="Payments and invoices from QuickBooks."
    >
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
                    <CustomerLink customerRef={item.customerRef} name={item.customerName} />
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
    </SectionCard>
  );
}
