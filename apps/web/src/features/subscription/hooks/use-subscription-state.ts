import { useSubscriptionDetails } from "@/lib/subscription/get-subscription-details";
import { subscriptionView } from "@/lib/subscription/subscription-state";

/**
 * The spec's subscription state in the app: the portal link and whether the trial-ended modal
 * shows (billing off, or not loaded yet: no modal).
 */
export function useSubscriptionState() {
  const { data } = useSubscriptionDetails();
  const details = data?.billingEnabled ? data.subscriptionDetails : null;
  return {
    sessionURL: data?.sessionURL ?? null,
    supportEmail: data?.supportEmail ?? null,
    shouldShowExpirationModal: details ? subscriptionView(details).shouldShowExpirationModal : false,
  };
}
