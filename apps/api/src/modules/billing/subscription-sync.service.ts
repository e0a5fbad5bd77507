/**
 * The company's subscription at the provider: made once (customer and trial), then read back after
 * every event. The provider is the source of truth; the table is what it last said.
 */
import type { AppContext } from "../../context.ts";
import type { StripeBilling } from "../../integrations/stripe/stripe-billing.ts";
import * as repo from "./billing.repository.ts";
import { providerState } from "./subscription-state.ts";

/** A trial whose end passed before the provider could be reached ends this soon after it is made. */
const LATE_TRIAL_SECONDS = 120;

const unix = (date: Date) => Math.floor(date.getTime() / 1000);

async function clockOffset(billing: StripeBilling, clockId: string | null): Promise<number> {
  return clockId ? billing.clockOffset(clockId) : 0;
}

/** The provider's customer for the company: the one stored, else a new one (on a test clock if so configured). */
async function ensureCustomer(ctx: AppContext, billing: StripeBilling, row: repo.SubscriptionRow) {
  if (row.providerCustomerId) return { customerId: row.providerCustomerId, clockId: row.providerTestClockId };
  const owner = await repo.companyOwner(ctx.db, row.companyId);
  const clockId = billing.testClocks ? await billing.createTestClock(row.companyId, unix(new Date())) : null;
  const created = await billing.createCustomer({
    companyId: row.companyId,
    name: owner?.companyName ?? "Recoup company",
    email: owner?.email ?? null,
    testClock: clockId,
  });
  const stored = await repo.setProviderCustomer(ctx.db, row.companyId, created, clockId);
  if (stored !== created) {
    const again = await repo.findSubscription(ctx.db, row.companyId);
    return { customerId: stored!, clockId: again?.providerTestClockId ?? null };
  }
  return { customerId: created, clockId };
}

/**
 * Onboarding's provider half (the `billing-provision` job): the customer and the 14-day trial on
 * the trial price, with no card, ending when the row says (so a late start does not lengthen it).
 * Idempotent: a subscription the customer already has is adopted.
 */
export async function provisionSubscription(ctx: AppContext, companyId: string): Promise<void> {
  const billing = ctx.billing;
  if (!billing) return;
  const row = await repo.findSubscription(ctx.db, companyId);
  if (!row || row.providerSubscriptionId) return;
  const readAt = new Date();
  const { customerId, clockId } = await ensureCustomer(ctx, billing, row);
  const offset = await clockOffset(billing, clockId);
  let sub = await billing.currentSubscription(customerId);
  if (!sub) {
    const wanted = row.trialEnd ? unix(row.trialEnd) : unix(readAt) + 14 * 86_400;
    sub = await billing.createTrial({
      companyId,
      customerId,
      priceId: await billing.trialPrice(),
      trialEnd: Math.max(wanted, unix(readAt) + LATE_TRIAL_SECONDS) + offset,
    });
  }
  await repo.writeProviderState(ctx.db, companyId, providerState(sub, offset, row.trialEnd), readAt);
}

/**
 * Reads the company's current subscription from the provider and stores it (the `billing-sync`
 * job, after any event about the customer). A trial paused for want of a card is resumed as soon
 * as the customer has one: adding a card in the portal is the upgrade.
 */
export async function syncSubscription(ctx: AppContext, companyId: string): Promise<void> {
  const billing = ctx.billing;
  if (!billing) return;
  const row = await repo.findSubscription(ctx.db, companyId);
  if (!row) return;
  if (!row.providerSubscriptionId) return provisionSubscription(ctx, companyId);
  const readAt = new Date();
  const customer = await billing.customer(row.providerCustomerId!);
  if (customer.deleted) {
    await repo.writeProviderState(ctx.db, companyId, { status: "canceled", cancelAt: null }, readAt);
    return;
  }
  let sub = await billing.currentSubscription(customer.id);
  if (sub?.status === "paused" && customer.paymentMethod) {
    await billing.resume(sub.id, customer.paymentMethod);
    sub = await billing.currentSubscription(customer.id);
  }
  if (!sub) return;
  const offset = await clockOffset(billing, customer.testClock);
  await repo.writeProviderState(ctx.db, companyId, providerState(sub, offset, row.trialEnd), readAt);
}
