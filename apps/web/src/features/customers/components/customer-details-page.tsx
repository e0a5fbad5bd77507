import { ArrowLeftIcon } from "lucide-react";
import { Link, useParams } from "react-router";

import { PageHeader } from "@/components/page-header";
import { QuickbooksGate } from "@/components/quickbooks-gate";
import { Button } from "@/components/ui/button";
import { CustomerDetails, CustomerDetailsSkeleton } from "@/features/customers/components/customer-details";
import { useQuickbooksConnection } from "@/hooks/use-quickbooks-connection";

/** /customers/{customerRef}: the customer calls name the company by its QuickBooks realm. */
export function CustomerDetailsPage() {
  const { customerRef } = useParams();
  const qb = useQuickbooksConnection();
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <Button variant="ghost" size="sm" asChild className="w-fit">
        <Link to="/customers">
          <ArrowLeftIcon aria-hidden="true" />
          Customers
        </Link>
      </Button>
      {/* The data and its skeleton carry their own heading; the gate's states get the page's. */}
      {qb.state === "error" || qb.state === "not-connected" || qb.state === "first-sync" ? (
        <PageHeader title="Customer Details" />
      ) : null}
      <QuickbooksGate qb={qb} what="this customer" skeleton={<CustomerDetailsSkeleton />}>
        {qb.realmId && qb.companyId && customerRef ? (
          <CustomerDetails refQuery={{ realmId: qb.realmId, customerRef }} companyId={qb.companyId} />
        ) : null}
      </QuickbooksGate>
    </div>
  );
}
