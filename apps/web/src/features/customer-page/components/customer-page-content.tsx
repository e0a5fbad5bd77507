import { type CustomerPage, customerPageMessages } from "@recoup/contracts";
import { useEffect } from "react";

import { BalanceTotals } from "@/features/customer-page/components/balance-totals";
import { CompanyHeader } from "@/features/customer-page/components/company-header";
import { HowToPay } from "@/features/customer-page/components/how-to-pay";
import { OpenInvoices } from "@/features/customer-page/components/open-invoices";
import { PaidInvoices } from "@/features/customer-page/components/paid-invoices";
import { PromiseAll } from "@/features/customer-page/components/promise-all";
import { payHref } from "@/features/customer-page/utils/due-status";

/** The loaded page: who it is from, what is owed, each open invoice, how to pay, what was paid. */
export function CustomerPageContent({ page, token }: { page: CustomerPage; token: string }) {
  const { company, customer } = page;
  useEffect(() => {
    document.title = `${company.name} – Invoices`;
  }, [company.name]);
  // 'How to pay' shows where QuickBooks offers no payment page: for any invoice without 'Pay now'.
  const withoutPayNow = page.invoices.some((invoice) => !payHref(invoice.payUrl));
  const howToPay = company.howToPay?.trim() || customerPageMessages.howToPayFallback(company.name);
  return (
    <>
      <CompanyHeader company={company} />
      <main className="flex flex-col gap-8">
        <h1 className="text-2xl font-semibold tracking-tight break-words sm:text-3xl">
          Invoices for {customer.name}
        </h1>
        {page.totals.length > 0 ? (
          <BalanceTotals totals={page.totals}>
            {/* One promise for them all, under what they add up to; a single invoice has its own. */}
            {page.invoices.length > 1 ? <PromiseAll page={page} token={token} /> : null}
          </BalanceTotals>
        ) : null}
        <OpenInvoices page={page} token={token} />
        {withoutPayNow ? <HowToPay text={howToPay} /> : null}
        {page.paid.length > 0 ? <PaidInvoices paid={page.paid} /> : null}
      </main>
    </>
  );
}
