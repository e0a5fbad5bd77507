import {
  BadgeCheckIcon,
  CircleAlertIcon,
  CircleHelpIcon,
  CreditCardIcon,
  HourglassIcon,
  type LucideIcon,
  RotateCcwIcon,
} from "lucide-react";

import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { formatDays, formatUnixDate } from "@/lib/format";
import type { SubscriptionKind, SubscriptionView } from "@/lib/subscription/subscription-state";
import { cn } from "@/lib/utils";

const looks: Record<SubscriptionKind, { title: string; icon: LucideIcon; className: string }> = {
  active: { title: "Subscription Active", icon: BadgeCheckIcon, className: "border-success/40 text-success" },
  trial: {
    title: "Trial Period Active",
    icon: HourglassIcon,
    className: "border-sky-600/40 text-sky-700 dark:text-sky-300",
  },
  "trial-ended": { title: "Trial Period Ended", icon: CircleAlertIcon, className: "border-destructive/50" },
  "past-due": { title: "Payment Required", icon: CreditCardIcon, className: "border-destructive/50" },
  canceled: { title: "Subscription Canceled", icon: CircleAlertIcon, className: "border-destructive/50" },
  unknown: { title: "Status Unknown", icon: CircleHelpIcon, className: "" },
};

function message(view: SubscriptionView, trialEnd: number | null) {
  switch (view.kind) {
    case "active":
      return "Your subscription is in good standing.";
    case "trial":
      return `Your free trial has ${formatDays(view.daysLeft ?? 0)} remaining${trialEnd ? `; it ends on ${formatUnixDate(trialEnd)}` : ""}. Upgrade at any time to keep sending reminders after it.`;
    case "trial-ended":
      return "Your trial period has ended. Upgrade to continue using the service.";
    case "past-due":
      return "Your last payment did not go through. Update your payment method to keep your subscription.";
    case "canceled":
      return "Your subscription is canceled. Renew it to continue using the service.";
    default:
      return "We could not tell the state of your subscription. Open the payment portal, or contact support.";
  }
}

/** The status banner (spec section 4): one of six, with the trial's days left rounded up. */
export function SubscriptionBanner({
  view,
  trialEnd,
  onRenew,
  renewing,
}: {
  view: SubscriptionView;
  trialEnd: number | null;
  onRenew: () => void;
  renewing: boolean;
}) {
  const look = looks[view.kind];
  const Icon = look.icon;
  const urgent = ["trial-ended", "past-due", "canceled"].includes(view.kind);
  return (
    <Alert
      role={urgent ? "alert" : "status"}
      variant={urgent ? "destructive" : "default"}
      className={cn("border-2", look.className)}
      data-testid="subscription-banner"
      data-kind={view.kind}
    >
      <Icon aria-hidden="true" />
      <AlertTitle className="text-base">{look.title}</AlertTitle>
      <AlertDescription className="text-foreground/80">
        <p>{message(view, trialEnd)}</p>
        {view.kind === "canceled" ? (
          <Button size="sm" className="mt-2" onClick={onRenew} disabled={renewing}>
            <RotateCcwIcon aria-hidden="true" />
            {renewing ? "Renewing..." : "Renew Subscription"}
          </Button>
        ) : null}
      </AlertDescription>
    </Alert>
  );
}
