import { errorCodes, type SubscriptionDetailsResponse } from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import { enqueueProvision } from "../../jobs/billing-provision.ts";
import { enqueueBillingSync } from "../../jobs/billing-sync.ts";
import { AppError } from "../../lib/errors.ts";
import * as repo from "./billing.repository.ts";
import { usageThisMonth } from "./gate.service.ts";
import { monthlyLimit } from "./subscription-state.ts";
import { syncSubscription } from "./subscription-sync.service.ts";

/** A stored state older than this is read again from the provider (a webhook may have been lost). */
const STALE_MS = 10 * 60_000;

const unix = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);

export interface WarnLog {
  warn(obj: object, msg: string): void;
}

/** A portal session for the customer; null (and a warning) when the provider cannot make one now. */
async function portalUrl(ctx: AppContext, customerId: string | null, log?: WarnLog): Promise<string | null> {
  if (!ctx.billing || !customerId) return null;
  try {
    return await ctx.billing.portalSession(customerId, `${ctx.config.appUrl}/billing`);
  } catch (err) {
    log?.warn({ err, customerId }, "no billing portal session");
    return null;
  }
}

/**
 * `GET subscription/details`: the company's plan as last read from the provider, this month's
 * usage, and a fresh portal session. A company not yet at the provider (it was down at onboarding)
 * is queued again; a state not read for a while is read again in the background.
 */
export async function subscriptionDetails(
  ctx: AppContext,
  companyId: string,
  log?: WarnLog,
): Promise<SubscriptionDetailsResponse["data"]> {
  const base = { billingEnabled: Boolean(ctx.billing), supportEmail: ctx.config.supportEmail };
  if (!ctx.billing) return { ...base, subscriptionDetails: null, sessionURL: null };
  const row = await repo.findSubscription(ctx.db, companyId);
  if (!row) return { ...base, subscriptionDetails: null, sessionURL: null };
  if (!row.providerSubscriptionId) await enqueueProvision(ctx, companyId);
  else if (!row.providerReadAt || Date.now() - row.providerReadAt.getTime() > STALE_MS)
    await enqueueBillingSync(ctx, companyId);
  const [usage, sessionURL] = await Promise.all([
    usageThisMonth(ctx, companyId),
    portalUrl(ctx, row.providerCustomerId, log),
  ]);
  return {
    ...base,
    sessionURL,
    subscriptionDetails: {
      status: row.status,
      planName: row.planName,
      amount: row.amountCents,
      currency: row.currency,
      interval: row.interval,
      endDate: unix(row.currentPeriodEnd),
      trialEnd: unix(row.trialEnd),
      usageLimit: monthlyLimit(row),
      cancelAt: unix(row.cancelAt),
      invoicesUsed: usage.used,
      usageMonth: usage.month,
    },
  };
}

/**
 * After a canceled subscription: a new one on the last plan, charged now with the card on file, or
 * owed (past due) until a card is added in the portal.
 */
export async function renewSubscription(ctx: AppContext, companyId: string): Promise<{ status: string }> {
  const billing = ctx.billing;
  if (!billing) throw new AppError(404, errorCodes.notFound, "Billing is not enabled on this server.");
  const row = await repo.findSubscription(ctx.db, companyId);
  if (!row?.providerCustomerId || row.status !== "canceled") {
    throw new AppError(409, errorCodes.conflict, "Only a canceled subscription can be renewed.");
  }
  const customer = await billing.customer(row.providerCustomerId);
  await billing.createPaid({
    companyId,
    customerId: customer.id,
    priceId: row.providerPriceId ?? (await billing.trialPrice()),
    chargeNow: customer.paymentMethod !== null,
    idempotencyKey: `recoup-renew-${row.providerSubscriptionId}`,
  });
  await syncSubscription(ctx, companyId);
  return { status: (await repo.findSubscription(ctx.db, companyId))?.status ?? row.status };
}
