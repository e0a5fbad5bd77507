import type { EmailThread } from "@recoup/contracts";
import { CircleXIcon, MailWarningIcon, MessageSquareReplyIcon, PlaneIcon } from "lucide-react";

import { ThreadStateBadge } from "@/components/communications/thread-state-badge";
import { CustomerLink } from "@/components/customer-link";
import { HoldBadges } from "@/components/hold-badges";
import { invoiceNumber } from "@/components/invoice-columns";
import { InvoiceStatusBadge } from "@/components/invoice-status-badge";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { MarkHandledButton } from "@/features/communications/components/mark-handled-button";
import { formatDate, formatDateTime, formatMoney } from "@/lib/format";

/** The invoice the thread is about, where the conversation stands, and what that means for reminders. */
export function ThreadSummary({ companyId, thread }: { companyId: string; thread: EmailThread }) {
  const { invoice } = thread;
  const label = invoiceNumber({ docNumber: invoice.docNumber, id: invoice.invoiceId });
  return (
    <Card role="region" aria-labelledby="thread-title" className="min-w-0 gap-4">
      <CardHeader className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <CardTitle>
            <h2 id="thread-title" className="text-lg">
              Invoice {label}
            </h2>
          </CardTitle>
          <p className="text-muted-foreground text-sm">
            <CustomerLink
              customerRef={invoice.customerRef}
              name={invoice.customerName}
              className="text-foreground font-medium"
            />
            {invoice.email ? <span className="break-all"> · {invoice.email}</span> : null}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <ThreadStateBadge state={thread.state} awayUntil={thread.awayUntil} />
          <InvoiceStatusBadge status={invoice.status} />
          <HoldBadges promise={thread.promise} dispute={thread.dispute} className="contents" />
        </div>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-4">
        <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-3">
          <div className="grid gap-0.5">
            <dt className="text-muted-foreground text-xs font-medium">Balance</dt>
            <dd className="font-semibold tabular-nums">
              {formatMoney(invoice.balanceCents, invoice.currency)}
            </dd>
          </div>
          <div className="grid gap-0.5">
            <dt className="text-muted-foreground text-xs font-medium">Total</dt>
            <dd className="tabular-nums">{formatMoney(invoice.totalCents, invoice.currency)}</dd>
          </div>
          <div className="grid gap-0.5">
            <dt className="text-muted-foreground text-xs font-medium">Due date</dt>
            <dd>{formatDate(invoice.dueDate)}</dd>
          </div>
        </dl>
        <StateNotices companyId={companyId} thread={thread} />
      </CardContent>
    </Card>
  );
}

/** What stops reminders here: a reply waiting (with 'Mark as handled'), the customer away, a bouncing address, a failed send. */
function StateNotices({ companyId, thread }: { companyId: string; thread: EmailThread }) {
  return (
    <>
      {thread.state === "reply_waiting" ? (
        <Alert role="note" className="border-amber-600/40 bg-amber-500/10" data-testid="reply-waiting">
          <MessageSquareReplyIcon aria-hidden="true" className="text-amber-700 dark:text-amber-300" />
          <AlertTitle>Reply waiting</AlertTitle>
          <AlertDescription className="grid gap-3">
            <p>
              {thread.replyWaitingSince
                ? `The customer replied on ${formatDateTime(thread.replyWaitingSince)}. `
                : ""}
              Automatic reminders for this invoice are paused until someone marks the reply as handled.
            </p>
            <MarkHandledButton companyId={companyId} invoiceId={thread.invoice.invoiceId} />
          </AlertDescription>
        </Alert>
      ) : null}
      {thread.awayUntil ? (
        <Alert role="note">
          <PlaneIcon aria-hidden="true" />
          <AlertTitle>Away until {formatDate(thread.awayUntil)}</AlertTitle>
          <AlertDescription>
            An automatic reply named this return date. Automatic reminders to this customer resume the day
            after.
          </AlertDescription>
        </Alert>
      ) : null}
      {thread.bouncing ? (
        <Alert role="note" variant="destructive">
          <MailWarningIcon aria-hidden="true" />
          <AlertTitle className="break-all">Email bouncing: {thread.bouncing.address}</AlertTitle>
          <AlertDescription>
            Emails to this address bounce, so automatic reminders to this customer have stopped. Correct the
            address in QuickBooks, then resume reminders on the customer's page.
          </AlertDescription>
        </Alert>
      ) : null}
      {thread.state === "failed" ? (
        <Alert role="note" variant="destructive">
          <CircleXIcon aria-hidden="true" />
          <AlertTitle>Send failed</AlertTitle>
          <AlertDescription>The latest email could not be sent. Its reason is shown below.</AlertDescription>
        </Alert>
      ) : null}
    </>
  );
}
