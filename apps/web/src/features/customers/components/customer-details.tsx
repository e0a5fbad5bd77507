import type { CustomerRefQuery } from "@recoup/contracts";
import { UserRoundXIcon } from "lucide-react";
import { Link } from "react-router";

import { EmptyState, ErrorState } from "@/components/data-states";
import { LoadingRegion } from "@/components/loading-blocks";
import { NotesCard } from "@/components/notes/notes-card";
import { PageHeader } from "@/components/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useCustomerDetail } from "@/features/customers/api/get-customer-detail";
import { ContactsCard } from "@/features/customers/components/contacts-card";
import { CustomerCommunications } from "@/features/customers/components/customer-communications";
import { CustomerInvoices } from "@/features/customers/components/customer-invoices";
import { CustomerNoteCard } from "@/features/customers/components/customer-note-card";
import { BalancesCard, ContactCard } from "@/features/customers/components/customer-overview";
import { PaymentHistory } from "@/features/customers/components/payment-history";
import { PreviewCustomerPage } from "@/features/customers/components/preview-customer-page";
import { TagsCard } from "@/features/customers/components/tags-card";
import { CustomerReminders, CustomerScheduleCard } from "@/features/reminders";
import { StatementActions } from "@/features/statements";
import { isApiError } from "@/lib/http";

/** A wide column and a narrow one on large screens; one column on phones. */
const twoColumns =
  "grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]";

/** One customer: contact and contacts, balances, reminders and their schedule, emails, invoices, payments, the customer note, notes and tags. */
export function CustomerDetails({ refQuery, companyId }: { refQuery: CustomerRefQuery; companyId: string }) {
  const query = useCustomerDetail(refQuery);

  if (query.isPending) return <CustomerDetailsSkeleton />;
  if (query.isError) {
    return (
      <>
        <PageHeader title="Customer Details" />
        <CustomerError error={query.error} onRetry={() => query.refetch()} retrying={query.isFetching} />
      </>
    );
  }

  const { customer, contacts, openInvoices, closedInvoices } = query.data;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title={customer.name}
        actions={
          <div className="flex flex-wrap gap-2">
            <StatementActions
              companyId={companyId}
              customerRef={refQuery.customerRef}
              name={customer.name}
              contacts={contacts}
            />
            <PreviewCustomerPage companyId={companyId} customerRef={refQuery.customerRef} />
          </div>
        }
        description={
          <span className="flex flex-wrap items-center gap-2">
            Customer Details
            {customer.active ? null : <Badge variant="outline">Inactive in QuickBooks</Badge>}
          </span>
        }
      />
      <div className={twoColumns}>
        <div className="grid min-w-0 content-start gap-6">
          <BalancesCard customer={customer} />
          <CustomerReminders companyId={companyId} customerRef={refQuery.customerRef} name={customer.name} />
          <CustomerScheduleCard
            companyId={companyId}
            customerRef={refQuery.customerRef}
            schedule={customer.reminderSchedule}
          />
        </div>
        <div className="grid min-w-0 content-start gap-6">
          <ContactCard customer={customer} />
          <ContactsCard refQuery={refQuery} contacts={contacts} />
          <TagsCard refQuery={refQuery} tags={customer.tags} />
          <CustomerCommunications
            companyId={companyId}
            customerRef={refQuery.customerRef}
            name={customer.name}
          />
        </div>
      </div>
      <CustomerInvoices
        id="open-invoices-title"
        title="Open invoices"
        description="Oldest due first."
        rows={openInvoices}
        empty="No open invoices: this customer owes nothing."
        companyId={companyId}
      />
      <CustomerInvoices
        id="paid-invoices-title"
        title="Paid invoices"
        description="Paid and voided invoices, newest first."
        rows={closedInvoices}
        empty="No paid invoices yet."
      />
      <div className={twoColumns}>
        <PaymentHistory refQuery={refQuery} />
        <div className="grid min-w-0 content-start gap-6">
          <CustomerNoteCard refQuery={refQuery} note={customer.note} />
          <NotesCard notesRef={{ companyId, type: "customer", customerRef: refQuery.customerRef }} />
        </div>
      </div>
    </div>
  );
}

export function CustomerDetailsSkeleton() {
  return (
    <LoadingRegion label="Loading the customer…" className="grid gap-6">
      <PageHeader title="Customer Details" />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="grid content-start gap-6">
          <Skeleton className="h-40 w-full rounded-xl" />
          <Skeleton className="h-64 w-full rounded-xl" />
        </div>
        <div className="grid content-start gap-6">
          <Skeleton className="h-32 w-full rounded-xl" />
          <Skeleton className="h-40 w-full rounded-xl" />
        </div>
      </div>
    </LoadingRegion>
  );
}

/** The customer could not be read: gone from QuickBooks (404), or the call failed. */
function CustomerError({
  error,
  onRetry,
  retrying,
}: {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}) {
  if (isApiError(error, 404)) {
    return (
      <EmptyState
        icon={UserRoundXIcon}
        title="Customer not found"
        action={
          <Button asChild variant="outline">
            <Link to="/customers">Back to Customers</Link>
          </Button>
        }
      >
        This customer is not in your QuickBooks data. It may have been deleted or merged in QuickBooks.
      </EmptyState>
    );
  }
  return (
    <ErrorState title="Failed to load this customer" error={error} onRetry={onRetry} retrying={retrying} />
  );
}
