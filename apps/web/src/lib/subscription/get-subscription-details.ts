import { apiPaths, subscriptionDetailsResponseSchema } from "@recoup/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import { useAuth } from "@/lib/auth/use-auth";
import { portalRecentlyOpened } from "@/lib/subscription/portal-watch";
import { subscriptionView } from "@/lib/subscription/subscription-state";

export const subscriptionDetailsQueryKey = (email: string) => ["subscription", "details", email] as const;

/** GET /v1/business/subscription/details?email=: the plan, the month's usage and a portal session. */
export async function getSubscriptionDetails(email: string) {
  const res = await api.get(apiPaths.billing.subscriptionDetails, {
    query: { email },
    schema: subscriptionDetailsResponseSchema,
  });
  return res.data;
}

export const subscriptionDetailsQueryOptions = (email: string) =>
  queryOptions({
    queryKey: subscriptionDetailsQueryKey(email),
    queryFn: () => getSubscriptionDetails(email),
  });

type Details = Awaited<ReturnType<typeof getSubscriptionDetails>>;

/**
 * Waiting on the provider: no portal session yet (it was down, or onboarding's trial is still
 * being made), the trial-ended modal is up, or the portal was opened lately (what is done in its
 * tab should show here).
 */
function waitingOnProvider(data: Details | undefined): boolean {
  const details = data?.billingEnabled ? data.subscriptionDetails : null;
  if (!details) return false;
  return !data?.sessionURL || subscriptionView(details).shouldShowExpirationModal || portalRecentlyOpened();
}

/** The signed-in company's subscription: the shell, Billing and the Dashboard share the one query. */
export function useSubscriptionDetails() {
  const { user } = useAuth();
  const email = user?.email ?? "";
  return useQuery({
    ...subscriptionDetailsQueryOptions(email),
    enabled: Boolean(email && user?.companyId),
    refetchInterval: (query) => (waitingOnProvider(query.state.data) ? 5_000 : false),
  });
}
