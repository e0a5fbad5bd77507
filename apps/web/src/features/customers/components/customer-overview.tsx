import type { CustomerDetail } from "@recoup/contracts";
import { MailIcon, PhoneIcon } from "lucide-react";
import type { ReactNode } from "react";

import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatCount, formatDate, formatMoney } from "@/lib/format";
import { cn } from "@/lib/utils";

/** How to reach the customer: email and phone from QuickBooks. */
export function ContactCard({ customer }: { customer: CustomerDetail }) {
  return (
    <Card className="gap-4" role="region" aria-labelledby="contact-title">
      <CardHeader>
        <CardTitle>
          <h2 id="contact-title">Contact</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {customer.companyName && customer.companyName !== customer.name ? (
          <p className="font-medium">{customer.companyName}</p>
        ) : null}
        <p className="flex min-w-0 items-center gap-2">
          <MailIcon className="text-muted-foreground size-4 shrink-0" aria-hidden="true" />
          <span className="sr-only">Email:</span>
          {customer.email ? (
            <a href={`mailto:${customer.email}`} className="truncate underline-offset-4 hover:underline">
              {customer.email}
            </a>
          ) : (
            <span className="text-muted-foreground">No email address: reminders cannot be sent</span>
          )}
        </p>
        <p className="flex items-center gap-2">
          <PhoneIcon className="text-muted-foreground size-4 shrink-0" aria-hidden="true" />
          <span className="sr-only">Phone:</span>
          {customer.phone ? (
            <a href={`tel:${customer.phone}`} className="underline-offset-4 hover:underline">
              {customer.phone}
            </a>
          ) : (
            <span className="text-muted-foreground">No phone number</span>
          )}
        </p>
      </CardContent>
    </Card>
  );
}

function Balance({ label, children, tone }: { label: string; children: ReactNode; tone?: "danger" }) {
  return (
    <div className="grid gap-1">
      <dt className="text-muted-foreground text-xs font-medium">{label}</dt>
      <dd className={cn("text-lg font-semibold tabular-nums", tone === "danger" && "text-destructive")}>
        {children}
      </dd>
    </div>
  );
}

/** What the customer owes: outstanding, overdue, open and paid invoices, oldest due date. */
export function BalancesCard({ customer }: { customer: CustomerDetail }) {
  const money = (cents: number) => formatMoney(cents, customer.currency);
  return (
    <Card className="gap-4" role="region" aria-labelledby="balances-title">
      <CardHeader>
        <CardTitle>
          <h2 id="balances-title">Balances</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          <Balance label="Outstanding">{money(customer.outstandingCents)}</Balance>
          <Balance label="Overdue" tone={customer.overdueCents > 0 ? "danger" : undefined}>
            {money(customer.overdueCents)}
          </Balance>
          <Balance label="Oldest due date">{formatDate(customer.oldestDueDate)}</Balance>
          <Balance label="Open invoices">{formatCount(customer.openInvoices)}</Balance>
          <Balance label="Paid invoices">{formatCount(customer.paidInvoices)}</Balance>
          <Balance label="Currency">{customer.currency}</Balance>
        </dl>
      </CardContent>
    </Card>
  );
}
