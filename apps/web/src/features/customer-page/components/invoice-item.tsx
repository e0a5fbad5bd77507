import type { CustomerPageInvoice } from "@recoup/contracts";
import { type ReactNode, useState } from "react";

import { useDownloadInvoicePdf } from "@/features/customer-page/api/download-invoice-pdf";
import { InvoiceActions } from "@/features/customer-page/components/invoice-actions";
import { DueBadge, InvoiceBadges } from "@/features/customer-page/components/invoice-badges";
import { PdfError } from "@/features/customer-page/components/pdf-download-link";
import { RecordedNotice } from "@/features/customer-page/components/recorded-notice";
import { formatDate, formatMoney } from "@/lib/format";
import { cn } from "@/lib/utils";

/** A value and its label; on wide screens the label is read, not shown (the header row shows it). */
function Field({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn("min-w-0", className)}>
      <p className="text-muted-foreground text-xs lg:sr-only">{label}</p>
      <p className="text-sm tabular-nums">{children}</p>
    </div>
  );
}

/** One open invoice: a card on phones, a row of the list's grid on wide screens. */
export function InvoiceItem({
  invoice,
  token,
  today,
  focus,
}: {
  invoice: CustomerPageInvoice;
  token: string;
  today: string;
  /** The invoice the email was about: first, outlined and badged. */
  focus: boolean;
}) {
  const pdf = useDownloadInvoicePdf(token, invoice);
  /** The API's sentence after a promise or a dispute on this invoice. */
  const [recorded, setRecorded] = useState<string | null>(null);
  const headingId = `invoice-${invoice.id}-heading`;
  const noticeId = `invoice-${invoice.id}-notice`;
  return (
    <li className="lg:col-span-full lg:grid lg:grid-cols-subgrid">
      <article
        aria-labelledby={headingId}
        aria-current={focus ? "true" : undefined}
        data-focus-invoice={focus || undefined}
        className={cn(
          "bg-card grid grid-cols-2 gap-x-4 gap-y-3 rounded-xl border p-4 shadow-xs",
          "lg:col-span-full lg:grid-cols-subgrid lg:items-center lg:rounded-none lg:border-0 lg:border-t lg:bg-transparent lg:px-4 lg:py-3 lg:shadow-none",
          focus && "border-primary ring-primary ring-1 lg:bg-primary/5 lg:ring-2 lg:ring-inset",
        )}
      >
        <div className="col-span-2 flex min-w-0 flex-col items-start gap-1.5 lg:col-span-1">
          <h3 id={headingId} className="font-semibold break-words">
            Invoice {invoice.number}
          </h3>
          <InvoiceBadges invoice={invoice} focus={focus} />
        </div>
        <div className="col-span-2 lg:col-span-1">
          <span className="sr-only">Status: </span>
          <DueBadge invoice={invoice} today={today} />
        </div>
        <Field label="Issued">{formatDate(invoice.issueDate)}</Field>
        <Field label="Due">{formatDate(invoice.dueDate)}</Field>
        <Field label="Amount" className="lg:text-right">
          {formatMoney(invoice.amountCents, invoice.currency)}
        </Field>
        <Field label="Balance" className="lg:text-right">
          <span className="font-semibold">{formatMoney(invoice.balanceCents, invoice.currency)}</span>{" "}
          <span className="text-muted-foreground text-xs lg:block">{invoice.currency}</span>
        </Field>
        <InvoiceActions
          invoice={invoice}
          token={token}
          today={today}
          pdf={pdf}
          noticeId={noticeId}
          onRecorded={setRecorded}
        />
        <PdfError error={pdf.error} className="col-span-2 lg:col-span-full" />
        <RecordedNotice id={noticeId} message={recorded} className="col-span-2 lg:col-span-full" />
      </article>
    </li>
  );
}
