/**
 * The spec's subscription rules (section 4) as pure functions of the details and the time: which
 * of the six states the company is in, whether the subscription is valid, whether the trial-ended
 * modal shows, the trial's days left (rounded up), and whether the month's invoices are used up.
 */
import type { SubscriptionDetails } from "@recoup/contracts";

export type SubscriptionKind = "active" | "trial" | "trial-ended" | "past-due" | "canceled" | "unknown";

const DAY_MS = 86_400_000;

export interface SubscriptionView {
  kind: SubscriptionKind;
  /** Active, or trialing with the trial's end in the future. */
  valid: boolean;
  trialEnded: boolean;
  /** Days left in the trial, rounded up; null outside a running trial. */
  daysLeft: number | null;
  /** Not valid, and the trial's end has passed. */
  shouldShowExpirationModal: boolean;
  /** On a plan with a limit, and this month's invoices are used up. */
  limitReached: boolean;
}

export function subscriptionView(details: SubscriptionDetails, now: Date = new Date()): SubscriptionView {
  const trialEndMs = details.trialEnd === null ? null : details.trialEnd * 1000;
  const trialEnded = trialEndMs !== null && trialEndMs <= now.getTime();
  const trialing = details.status === "trialing";
  const valid = details.status === "active" || (trialing && trialEndMs !== null && !trialEnded);
  const kind: SubscriptionKind = trialing
    ? trialEnded || trialEndMs === null
      ? "trial-ended"
      : "trial"
    : details.status === "active"
      ? "active"
      : details.status === "past_due"
        ? "past-due"
        : details.status === "canceled"
          ? "canceled"
          : "unknown";
  return {
    kind,
    valid,
    trialEnded,
    daysLeft:
      kind === "trial" && trialEndMs !== null ? Math.ceil((trialEndMs - now.getTime()) / DAY_MS) : null,
    shouldShowExpirationModal: !valid && trialEnded,
    limitReached: !trialing && details.usageLimit !== null && details.invoicesUsed >= details.usageLimit,
  };
}

/** The status badge's words. */
export const statusLabels: Record<SubscriptionKind, string> = {
  active: "Active",
  trial: "Trial",
  "trial-ended": "Trial Ended",
  "past-due": "Past Due",
  canceled: "Canceled",
  unknown: "Unknown",
};

/** The first day of the month after `usageMonth` (YYYY-MM): when a used-up month's reminders resume. */
export function nextMonthStart(usageMonth: string): Date {
  const [year, month] = usageMonth.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 1));
}
