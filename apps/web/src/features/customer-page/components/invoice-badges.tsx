import type { CustomerPageInvoice } from "@recoup/contracts";
import { CalendarCheckIcon, MailIcon, MessageSquareWarningIcon } from "lucide-react";

import { Badge } from "@/components/ui/badge";
import { type DueTone, dueStatus } from "@/features/customer-page/utils/due-status";
import { formatDate } from "@/lib/format";
import { cn } from "@/lib/utils";

const tones: Record<DueTone, string> = {
  overdue: "border-red-600/30 bg-red-600/10 text-red-700 dark:text-red-300",
  today: "border-amber-600/30 bg-amber-500/10 text-amber-800 dark:text-amber-300",
  upcoming: "border-sky-600/30 bg-sky-600/10 text-sky-700 dark:text-sky-300",
  none: "text-muted-foreground",
};

/** "12 days overdue", "Due today", "Due in 3 days": in words, coloured as a hint only. */
export function DueBadge({ invoice, today }: { invoice: CustomerPageInvoice; today: string }) {
  const status = dueStatus(invoice, today);
  return (
    <Badge variant="outline" className={cn(tones[status.tone])} data-due={status.tone}>
      {status.text}
    </Badge>
  );
}

/** Long badges wrap in a narrow column rather than run into the next one. */
const wrap = "max-w-full whitespace-normal [&>svg]:shrink-0";

/** What sets the invoice apart: the email was about it, a promise to pay, a dispute. */
export function InvoiceBadges({ invoice, focus }: { invoice: CustomerPageInvoice; focus: boolean }) {
  if (!focus && !invoice.promise && !invoice.dispute) return null;
  return (
    <div className="flex flex-wrap gap-1.5">
      {focus ? (
        <Badge className={wrap}>
          <MailIcon aria-hidden="true" />
          This email's invoice
        </Badge>
      ) : null}
      {invoice.promise ? (
        <Badge variant="outline" className={wrap}>
          <CalendarCheckIcon aria-hidden="true" />
          Promised for {formatDate(invoice.promise.date)}
        </Badge>
      ) : null}
      {invoice.dispute ? (
        <Badge variant="outline">
          <MessageSquareWarningIcon aria-hidden="true" />
          Disputed
        </Badge>
      ) : null}
    </div>
  );
}
