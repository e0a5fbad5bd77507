import type { DashboardSummary } from "@recoup/contracts";
import { Link } from "react-router";

import { SectionCard } from "@/components/section-card";
import { CustomerRow } from "@/features/dashboard/components/customer-row";
import { formatCount, formatMoney } from "@/lib/format";
import { ADD_CONTACT_HASH, customerPath } from "@/lib/routes";

/**
 * 'No email address': customers who owe money and whom reminders cannot reach (no contact whose
 * emails have not bounced, no invoice with an email address), each with a link to add one.
 * Shown only when there are some.
 */
export function NoEmailCustomers({ noEmail }: { noEmail: DashboardSummary["noEmail"] }) {
  if (noEmail.total === 0) return null;
  const more = noEmail.total - noEmail.customers.length;
  return (
    <SectionCard
      id="no-email-title"
      title="No email address"
      description="These customers owe money, but reminders cannot reach them. Add a contact to each."
    >
      <ul className="divide-y">
        {noEmail.customers.map((c) => (
          <CustomerRow
            key={c.customerRef}
            customerRef={c.customerRef}
            name={c.name}
            detail={`${formatCount(c.openInvoices)} open ${c.openInvoices === 1 ? "invoice" : "invoices"} · ${formatMoney(c.outstandingCents, c.currency)}`}
          >
            <Link
              to={`${customerPath(c.customerRef)}${ADD_CONTACT_HASH}`}
              className="text-primary shrink-0 text-sm font-medium underline underline-offset-4"
            >
              Add an address<span className="sr-only"> for {c.name}</span>
            </Link>
          </CustomerRow>
        ))}
      </ul>
      {more > 0 ? (
        <p className="text-muted-foreground mt-3 text-xs">
          And {formatCount(more)} more {more === 1 ? "customer" : "customers"}.
        </p>
      ) : null}
    </SectionCard>
  );
}
