import { CircleAlertIcon } from "lucide-react";
import { Link } from "react-router";

import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { formatCount, formatUnixDate } from "@/lib/format";
import { useSubscriptionDetails } from "@/lib/subscription/get-subscription-details";
import { nextMonthStart, subscriptionView } from "@/lib/subscription/subscription-state";

/** When the plan's invoices for the month are used up: automatic reminders wait for next month. */
export function UsageLimitNotice() {
  const { data } = useSubscriptionDetails();
  const details = data?.billingEnabled ? data.subscriptionDetails : null;
  if (!details || !subscriptionView(details).limitReached) return null;
  const resumes = formatUnixDate(nextMonthStart(details.usageMonth).getTime() / 1000);
  return (
    <Alert variant="destructive" data-testid="usage-limit-notice">
      <CircleAlertIcon aria-hidden="true" />
      <AlertTitle>Monthly invoice limit reached</AlertTitle>
      <AlertDescription>
        <p>
          Reminders went out for {formatCount(details.invoicesUsed)} of the{" "}
          {formatCount(details.usageLimit ?? 0)} invoices your {details.planName} plan allows this month.
          Automatic reminders are paused until {resumes}.
        </p>
        <Link to="/billing" className="text-foreground font-medium underline underline-offset-4">
          Upgrade on the Billing page
        </Link>
      </AlertDescription>
    </Alert>
  );
}
