import type { SubscriptionDetails } from "@recoup/contracts";
import { ExternalLinkIcon } from "lucide-react";

import { SectionCard } from "@/components/section-card";
import { Button } from "@/components/ui/button";
import { PlanStatusBadge } from "@/features/billing/components/plan-status-badge";
import { useWatchPortal } from "@/lib/subscription/portal-watch";
import type { SubscriptionView } from "@/lib/subscription/subscription-state";

/**
 * The Payment card: status, plan, and 'Manage Subscription' (active) or 'Upgrade Now', both opening
 * the provider's portal in a new tab, disabled without a session link; then the provider link.
 */
export function PaymentCard({
  details,
  view,
  sessionURL,
}: {
  details: SubscriptionDetails;
  view: SubscriptionView;
  sessionURL: string | null;
}) {
  const label = view.kind === "active" ? "Manage Subscription" : "Upgrade Now";
  const watchPortal = useWatchPortal();
  return (
    <SectionCard
      id="payment-heading"
      title="Payment"
      description="Cards, plans and invoices are handled on Stripe's secure portal."
    >
      <dl className="mb-4 grid grid-cols-[auto_1fr] items-center gap-x-6 gap-y-2 text-sm">
        <dt className="text-muted-foreground">Status</dt>
        <dd>
          <PlanStatusBadge kind={view.kind} />
        </dd>
        <dt className="text-muted-foreground">Plan</dt>
        <dd className="font-medium">{details.planName}</dd>
      </dl>
      {sessionURL ? (
        <Button asChild className="w-full sm:w-auto">
          <a href={sessionURL} target="_blank" rel="noopener noreferrer" onClick={watchPortal}>
            {label}
            <ExternalLinkIcon aria-hidden="true" />
          </a>
        </Button>
      ) : (
        <Button disabled className="w-full sm:w-auto">
          {label}
        </Button>
      )}
      <p className="text-muted-foreground mt-4 text-sm">
        {sessionURL ? (
          <a
            href={sessionURL}
            target="_blank"
            rel="noopener noreferrer"
            onClick={watchPortal}
            className="text-foreground font-medium underline underline-offset-4"
          >
            Manage your personal information and subscription at Stripe
          </a>
        ) : (
          "The payment portal is not available right now. Try again in a moment."
        )}
      </p>
    </SectionCard>
  );
}
