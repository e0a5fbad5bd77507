import type { CustomerPage } from "@recoup/contracts";

import { InvoiceStatusBadge } from "@/components/invoice-status-badge";
import { formatMoney } from "@/lib/format";

/** Invoices paid lately: the one an older email was about shows here once paid. */
export function PaidInvoices({ paid }: { paid: CustomerPage["paid"] }) {
  return (
    <section aria-labelledby="paid-heading" className="grid gap-3">
      <h2 id="paid-heading" className="font-semibold">
        Paid
      </h2>
      <ul className="bg-card divide-y rounded-xl border shadow-xs">
        {paid.map((invoice) => (
          <li key={invoice.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-sm">
            <span className="font-medium">Invoice {invoice.number}</span>
            <span className="ml-auto tabular-nums">{formatMoney(invoice.amountCents, invoice.currency)}</span>
            <InvoiceStatusBadge status="Paid" />
          </li>
        ))}
      </ul>
    </section>
  );
}
