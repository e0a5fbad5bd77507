/**
 * The rules of a company's subscription, as pure functions: how the provider's subscription reads
 * in the app (the spec's statuses), and whether it allows using the service now.
 */
import type { ProviderSubscription } from "../../integrations/stripe/provider-records.ts";
import type { ProviderState, SubscriptionRow } from "./billing.repository.ts";

/**
 * The spec's status for the provider's: a trial that ended without a card is paused at Stripe and
 * reads `trialing` with its end in the past ('Trial Period Ended'); a payment still owed (`unpaid`,
 * `incomplete`) reads `past_due` ('Payment Required'); an expired first payment reads `canceled`.
 */
export function appStatus(sub: Pick<ProviderSubscription, "status" | "trialEnd">): string {
  switch (sub.status) {
    case "paused":
      return sub.trialEnd !== null ? "trialing" : "paused";
    case "unpaid":
    case "incomplete":
      return "past_due";
    case "incomplete_expired":
      return "canceled";
    default:
      return sub.status;
  }
}

/**
 * The row's state from the provider's subscription. A customer on a test clock lives `offset`
 * seconds ahead of the app; its instants are moved back by it, so a trial that ended on the clock
 * has ended here too. The first trial's end is kept when a later subscription has none.
 */
export function providerState(
  sub: ProviderSubscription,
  offsetSeconds: number,
  previousTrialEnd: Date | null,
): ProviderState {
  const at = (seconds: number | null) =>
    seconds === null ? null : new Date((seconds - offsetSeconds) * 1000);
  const status = appStatus(sub);
  const ended = status === "canceled";
  return {
    status,
    planName: sub.planName,
    trialEnd: at(sub.trialEnd) ?? previousTrialEnd,
    currentPeriodEnd: ended ? at(sub.endedAt ?? sub.periodEnd) : at(sub.periodEnd),
    cancelAt: ended ? null : at(sub.cancelAt),
    amountCents: sub.amountCents,
    currency: sub.currency,
    interval: sub.interval,
    usageLimit: sub.usageLimit,
    providerSubscriptionId: sub.id,
    providerPriceId: sub.priceId,
    clockOffsetSeconds: offsetSeconds,
  };
}

type Validity = Pick<SubscriptionRow, "status" | "trialEnd">;

/** The spec's rule: active, or trialing with the trial's end in the future. */
export function isValid(sub: Validity, now: Date): boolean {
  if (sub.status === "active") return true;
  return sub.status === "trialing" && sub.trialEnd !== null && sub.trialEnd > now;
}

/** A trial has no limit; a plan without `invoice_limit` neither. */
export function monthlyLimit(sub: Pick<SubscriptionRow, "status" | "usageLimit">): number | null {
  return sub.status === "trialing" ? null : sub.usageLimit;
}
