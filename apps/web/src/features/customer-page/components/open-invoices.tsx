import type { CustomerPage } from "@recoup/contracts";
import { PartyPopperIcon } from "lucide-react";

import { EmptyState } from "@/components/data-states";
import { InvoiceItem } from "@/features/customer-page/components/invoice-item";

/**
 * One column template for the header and every row on wide screens: each row is a subgrid of the
 * list, so the columns line up whatever the actions in a row are. On phones each invoice is a card.
 */
const columns = ["Invoice", "Status", "Issued", "Due", "Amount", "Balance", ""];
const amountColumns = new Set(["Amount", "Balance"]);

export function OpenInvoices({ page, token }: { page: CustomerPage; token: string }) {
  return (
    <section aria-labelledby="open-invoices-heading" className="grid gap-3">
      <h2 id="open-invoices-heading" className="font-semibold">
        Open invoices
      </h2>
      {page.invoices.length === 0 ? (
        <EmptyState icon={PartyPopperIcon} title="Nothing is due" className="bg-card">
          You have no open invoices. Thank you!
        </EmptyState>
      ) : (
        <div className="lg:bg-card grid gap-3 lg:grid-cols-[minmax(0,1.6fr)_minmax(0,1.2fr)_repeat(4,minmax(0,1fr))_auto] lg:gap-x-4 lg:gap-y-0 lg:rounded-xl lg:border lg:shadow-xs">
          {/* The list's labels are read with each value; this row only draws them once on wide screens. */}
          <div
            aria-hidden="true"
            className="text-muted-foreground col-span-full hidden grid-cols-subgrid px-4 py-2 text-xs font-medium lg:grid"
          >
            {columns.map((column) => (
              <span key={column} className={amountColumns.has(column) ? "text-right" : undefined}>
                {column}
              </span>
            ))}
          </div>
          <ul className="grid gap-3 lg:col-span-full lg:grid-cols-subgrid lg:gap-0">
            {page.invoices.map((invoice) => (
              <InvoiceItem
                key={invoice.id}
                invoice={invoice}
                token={token}
                today={page.today}
                focus={invoice.id === page.focusInvoiceId}
              />
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
