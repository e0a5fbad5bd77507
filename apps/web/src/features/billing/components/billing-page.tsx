import { billingMessages } from "@recoup/contracts";
import { CreditCardIcon, Loader2Icon, ReceiptTextIcon, RotateCwIcon } from "lucide-react";
import { toast } from "sonner";

import { EmptyState, QueryErrorState } from "@/components/data-states";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { useRenewSubscription } from "@/features/billing/api/renew-subscription";
import { CurrentPlanCard } from "@/features/billing/components/current-plan-card";
import { PaymentCard } from "@/features/billing/components/payment-card";
import { SubscriptionBanner } from "@/features/billing/components/subscription-banner";
import { useAuth } from "@/lib/auth/use-auth";
import { isApiError } from "@/lib/http";
import { useSubscriptionDetails } from "@/lib/subscription/get-subscription-details";
import { subscriptionView } from "@/lib/subscription/subscription-state";

function Loading() {
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed px-6 py-16">
      <p role="status" className="text-muted-foreground flex items-center gap-3 text-sm">
        <Loader2Icon className="size-5 animate-spin" aria-hidden="true" />
        Loading subscription details...
      </p>
    </div>
  );
}

function BillingOff() {
  return (
    <EmptyState icon={CreditCardIcon} title="Billing is not enabled on this server">
      This installation has no payment provider configured, so there is no trial, no plan and no monthly
      limit: every feature is available.
    </EmptyState>
  );
}

function BillingContent() {
  const { user } = useAuth();
  const query = useSubscriptionDetails();
  const renew = useRenewSubscription(user?.email ?? "");
  const onRenew = () =>
    renew.mutate(undefined, {
      onSuccess: ({ status }) =>
        toast.success(
          status === "active"
            ? "Your subscription is renewed."
            : "Your subscription is renewed: add a card in the payment portal to pay its first invoice.",
        ),
      onError: (error) =>
        toast.error(
          isApiError(error) ? error.message : "Failed to renew the subscription. Please try again.",
        ),
    });

  if (query.isPending) return <Loading />;
  if (query.isError) return <QueryErrorState title={billingMessages.loadFailed} query={query} />;
  const data = query.data;
  if (!data.billingEnabled) return <BillingOff />;
  const details = data.subscriptionDetails;
  if (!details) {
    return (
      <EmptyState
        icon={ReceiptTextIcon}
        title={billingMessages.empty}
        action={
          <Button variant="outline" onClick={() => query.refetch()} disabled={query.isFetching}>
            <RotateCwIcon aria-hidden="true" />
            Refresh
          </Button>
        }
      >
        Your subscription is being set up. Refresh in a moment.
      </EmptyState>
    );
  }
  const view = subscriptionView(details);
  return (
    <>
      <SubscriptionBanner
        view={view}
        trialEnd={details.trialEnd}
        onRenew={onRenew}
        renewing={renew.isPending}
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <CurrentPlanCard details={details} view={view} />
        <PaymentCard details={details} view={view} sessionURL={data.sessionURL} />
      </div>
    </>
  );
}

export function BillingPage() {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title="Billing & Subscription"
        description="Your plan, your trial and your payment details."
      />
      <BillingContent />
    </div>
  );
}
