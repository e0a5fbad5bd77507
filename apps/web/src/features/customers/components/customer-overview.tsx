import type { CustomerDetail } from "@recoup/contracts";
import { type LucideIcon, MailIcon, PhoneIcon } from "lucide-react";
import type { ReactNode } from "react";

import { SectionCard } from "@/components/section-card";
import { formatCount, formatDate, formatMoney } from "@/lib/format";
import { cn } from "@/lib/utils";

/** One way to reach the customer, as a link, or what is missing. */
function ContactLine({
  icon: Icon,
  label,
  href,
  value,
  missing,
}: {
  icon: LucideIcon;
  label: string;
  href: string | null;
  value: string | null;
  missing: string;
}) {
  return (
    <p className="flex min-w-0 items-center gap-2">
      <Icon className="text-muted-foreground size-4 shrink-0" aria-hidden="true" />
      <span className="sr-only">{label}:</span>
      {href && value ? (
        <a href={href} className="truncate underline-offset-4 hover:underline" title={value}>
          {value}
        </a>
      ) : (
        <span className="text-muted-foreground">{missing}</span>
      )}
    </p>
  );
}

/** How to reach the customer: email and phone from QuickBooks. */
export function ContactCard({ customer }: { customer: CustomerDetail }) {
  return (
    <SectionCard id="contact-title" title="Contact" contentClassName="grid gap-3 text-sm">
      {customer.companyName && customer.companyName !== customer.name ? (
        <p className="font-medium">{customer.companyName}</p>
      ) : null}
      <ContactLine
        icon={MailIcon}
        label="Email"
        href={customer.email ? `mailto:${customer.email}` : null}
        value={customer.email}
        missing="No email address: reminders cannot be sent"
      />
      <ContactLine
        icon={PhoneIcon}
        label="Phone"
        href={customer.phone ? `tel:${customer.phone}` : null}
        value={customer.phone}
        missing="No phone number"
      />
    </SectionCard>
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
    <SectionCard id="balances-title" title="Balances">
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
    </SectionCard>
  );
}
