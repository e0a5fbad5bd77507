import { ArrowLeftIcon, UserRoundIcon } from "lucide-react";
import { Link, useParams } from "react-router";

import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { UpcomingNote } from "@/components/upcoming-note";

export function CustomerDetailsPage() {
  const { customerRef } = useParams();
  return (
    <div className="grid gap-6">
      <Button variant="ghost" size="sm" asChild className="w-fit">
        <Link to="/customers">
          <ArrowLeftIcon />
          Customers
        </Link>
      </Button>
      <PageHeader
        title="Customer Details"
        description={customerRef ? `Customer reference ${customerRef}` : undefined}
      />
      <UpcomingNote icon={UserRoundIcon} title="Connect QuickBooks to see this customer here.">
        Contact details, balances, invoices, payments and notes arrive with the QuickBooks data sync.
      </UpcomingNote>
    </div>
  );
}
