import { type CustomerPageInvoice, customerPageMessages } from "@recoup/contracts";
import { CreditCardIcon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { invoicePdfPath } from "@/features/customer-page/api/paths";
import { HOW_TO_PAY_ID } from "@/features/customer-page/components/how-to-pay";
import { type PdfDownload, PdfDownloadLink } from "@/features/customer-page/components/pdf-download-link";
import { payHref } from "@/features/customer-page/utils/due-status";

/**
 * What the customer can do with one invoice: pay it on QuickBooks' page (when QuickBooks Payments
 * is on for it; otherwise the company's own 'How to pay'), and download its PDF.
 */
export function InvoiceActions({
  invoice,
  token,
  pdf,
}: {
  invoice: CustomerPageInvoice;
  token: string;
  pdf: PdfDownload;
}) {
  const pay = payHref(invoice.payUrl);
  return (
    <div className="col-span-2 flex flex-wrap gap-2 lg:col-span-1 lg:flex-nowrap lg:justify-end">
      {pay ? (
        <Button asChild size="sm" className="flex-1 lg:flex-none">
          {/* A new tab: the customer comes back to this page, and to the other invoices, after paying. */}
          <a href={pay} target="_blank" rel="noopener noreferrer">
            <CreditCardIcon aria-hidden="true" />
            {customerPageMessages.payNow}
            <span className="sr-only"> for invoice {invoice.number} (opens in a new tab)</span>
          </a>
        </Button>
      ) : (
        <Button asChild size="sm" variant="ghost" className="flex-1 lg:flex-none">
          <a href={`#${HOW_TO_PAY_ID}`}>
            How to pay<span className="sr-only"> invoice {invoice.number}</span>
          </a>
        </Button>
      )}
      <PdfDownloadLink href={invoicePdfPath(token, invoice.id)} number={invoice.number} pdf={pdf} />
      {/* 'Promise to pay' and 'Dispute' (issue 17) join here, each opening its own form
          (components/promise-form.tsx, components/dispute-form.tsx; api/post-promise.ts, post-dispute.ts). */}
    </div>
  );
}
