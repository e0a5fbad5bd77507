import { type CustomerPageInvoice, customerPageMessages } from "@recoup/contracts";
import { CalendarClockIcon, CreditCardIcon, MessageSquareWarningIcon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { invoicePdfPath } from "@/features/customer-page/api/paths";
import { DisputeForm } from "@/features/customer-page/components/dispute-form";
import { HOW_TO_PAY_ID } from "@/features/customer-page/components/how-to-pay";
import { type PdfDownload, PdfDownloadLink } from "@/features/customer-page/components/pdf-download-link";
import { PromiseForm } from "@/features/customer-page/components/promise-form";
import { payHref } from "@/features/customer-page/utils/due-status";

/**
 * What the customer can do with one invoice: pay it on QuickBooks' page (when QuickBooks Payments
 * is on for it; otherwise the company's own 'How to pay'), download its PDF, promise to pay it by a
 * date (again, to move the date), and dispute it (once: a disputed invoice offers no 'Dispute').
 */
export function InvoiceActions({
  invoice,
  token,
  today,
  pdf,
  noticeId,
  onRecorded,
}: {
  invoice: CustomerPageInvoice;
  token: string;
  today: string;
  pdf: PdfDownload;
  /** Where the confirmation of a promise or a dispute shows. */
  noticeId: string;
  onRecorded: (message: string) => void;
}) {
  const pay = payHref(invoice.payUrl);
  const forInvoice = <span className="sr-only"> invoice {invoice.number}</span>;
  return (
    <div className="col-span-2 grid grid-cols-2 gap-2 lg:col-span-1">
      {pay ? (
        <Button asChild size="sm">
          {/* A new tab: the customer comes back to this page, and to the other invoices, after paying. */}
          <a href={pay} target="_blank" rel="noopener noreferrer">
            <CreditCardIcon aria-hidden="true" />
            {customerPageMessages.payNow}
            <span className="sr-only"> for invoice {invoice.number} (opens in a new tab)</span>
          </a>
        </Button>
      ) : (
        <Button asChild size="sm" variant="ghost">
          <a href={`#${HOW_TO_PAY_ID}`}>How to pay{forInvoice}</a>
        </Button>
      )}
      <PdfDownloadLink href={invoicePdfPath(token, invoice.id)} number={invoice.number} pdf={pdf} />
      <PromiseForm
        token={token}
        today={today}
        invoices={[invoice]}
        noticeId={noticeId}
        onRecorded={onRecorded}
        trigger={
          <Button size="sm" variant="outline">
            <CalendarClockIcon aria-hidden="true" />
            {customerPageMessages.promiseToPay}
            {forInvoice}
          </Button>
        }
      />
      <DisputeForm
        token={token}
        invoice={invoice}
        noticeId={noticeId}
        onRecorded={onRecorded}
        trigger={
          invoice.dispute ? null : (
            <Button size="sm" variant="outline">
              <MessageSquareWarningIcon aria-hidden="true" />
              {customerPageMessages.dispute}
              {forInvoice}
            </Button>
          )
        }
      />
    </div>
  );
}
