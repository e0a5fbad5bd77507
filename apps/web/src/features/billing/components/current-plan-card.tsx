import type { SubscriptionDetails } from "@recoup/contracts";
import { CircleAlertIcon } from "lucide-react";
import type { ReactNode } from "react";

import { SectionCard } from "@/components/section-card";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { PlanStatusBadge } from "@/features/billing/components/plan-status-badge";
import { formatCount, formatMoney, formatUnixDate } from "@/lib/format";
import { nextMonthStart, type SubscriptionView } from "@/lib/subscription/subscription-state";

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b py-2.5 last:border-b-0">
      <dt className="text-muted-foreground text-sm">{term}</dt>
      <dd className="text-sm font-medium">{children}</dd>
    </div>
  );
}

const date = (seconds: number | null) => (seconds === null ? "—" : formatUnixDate(seconds));

/** "$29.00 / month", or 'Free Trial' while trialing (spec section 2). */
export function planPrice(details: SubscriptionDetails) {
  if (details.status === "trialing") return "Free Trial";
  if (details.amount === null || !details.currency) return "—";
  const money = formatMoney(details.amount, details.currency.toUpperCase());
  return details.interval ? `${money} / ${details.interval}` : money;
}

function Usage({ details, view }: { details: SubscriptionDetails; view: SubscriptionView }) {
  if (details.status === "trialing" || details.usageLimit === null) return <>No Limit</>;
  const share = Math.min(100, (details.invoicesUsed / Math.max(1, details.usageLimit)) * 100);
  return (
    <span className="grid gap-1.5">
      <span>
        {formatCount(details.invoicesUsed)} of {formatCount(details.usageLimit)} invoices this month
      </span>
      <span className="bg-muted block h-1.5 w-full overflow-hidden rounded-full" aria-hidden="true">
        <span
          className={view.limitReached ? "bg-destructive block h-full" : "bg-primary block h-full"}
          style={{ width: `${share}%` }}
        />
      </span>
    </span>
  );
}

/** The Current Plan card: name, price or 'Free Trial', status, renewal and trial dates, usage. */
export function CurrentPlanCard({ details, view }: { details: SubscriptionDetails; view: SubscriptionView }) {
  const ended = details.status === "canceled";
  return (
    <SectionCard id="current-plan-heading" title="Current Plan" description="Your plan and this month's use.">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="text-xl font-semibold" data-testid="plan-name">
            {details.planName}
          </p>
          <p className="text-muted-foreground text-sm" data-testid="plan-price">
            {planPrice(details)}
          </p>
        </div>
        <PlanStatusBadge kind={view.kind} />
      </div>
      <dl>
        <Row term={ended ? "Ended on" : "Renewal date"}>
          {/* a trial that ended without a card renews nothing until a card is added */}
          {view.kind === "trial-ended" ? "—" : date(details.endDate)}
        </Row>
        {details.cancelAt !== null && !ended ? <Row term="Cancels on">{date(details.cancelAt)}</Row> : null}
        <Row term="Trial end date">{date(details.trialEnd)}</Row>
        <Row term="Invoice usage">
          <Usage details={details} view={view} />
        </Row>
      </dl>
      {view.limitReached ? (
        <Alert variant="destructive" className="mt-4" data-testid="usage-limit-reached">
          <CircleAlertIcon aria-hidden="true" />
          <AlertTitle>Monthly invoice limit reached</AlertTitle>
          <AlertDescription>
            Automatic reminders are paused until{" "}
            {formatUnixDate(nextMonthStart(details.usageMonth).getTime() / 1000)}, and reminders sent by hand
            wait too. Upgrade your plan to send more this month.
          </AlertDescription>
        </Alert>
      ) : null}
    </SectionCard>
  );
}
