/**
 * The server's side of the trial-ended gate and the usage limits: whether a company may send
 * reminders now, and why not. With billing off (no provider keys) nothing is ever held.
 */
import { errorCodes } from "@recoup/contracts";
import type { AppContext, SendingGate, SendingHold } from "../../context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { enqueueEmail } from "../../jobs/send-email.ts";
import { longDate, utcMonth } from "../../lib/dates.ts";
import { countInvoicesReminded, invoicesCountedIn } from "../reminders/index.ts";
import { usageLimitEmail } from "./billing.emails.ts";
import * as repo from "./billing.repository.ts";
import { isValid, monthlyLimit } from "./subscription-state.ts";

function invalidReason(status: string): string {
  switch (status) {
    case "trialing":
      return "Your trial period has ended. Choose a plan on the Billing page to send reminders again.";
    case "past_due":
      return "Your last payment failed. Update your payment method on the Billing page to send reminders again.";
    case "canceled":
      return "Your subscription is canceled. Renew it on the Billing page to send reminders again.";
    default:
      return "Your subscription does not allow sending reminders now. See the Billing page.";
  }
}

/** Distinct invoices reminded in the UTC calendar month of `now` (what the plans count). */
export async function usageThisMonth(ctx: AppContext, companyId: string) {
  const month = utcMonth(ctx.now());
  return { ...month, used: await countInvoicesReminded(ctx.db, companyId, month.from, month.to) };
}

/**
 * Why the company may not send reminders now, or null: a subscription that is not valid (the
 * spec's rule), or the plan's invoices for this month used up. Reaching the limit emails the owner,
 * once a month.
 */
export async function sendingHold(ctx: AppContext, companyId: string): Promise<SendingHold | null> {
  if (!ctx.billing) return null;
  const sub = await repo.findSubscription(ctx.db, companyId);
  if (!sub) return { code: errorCodes.subscriptionRequired, message: invalidReason("none") };
  if (!isValid(sub, ctx.now()))
    return { code: errorCodes.subscriptionRequired, message: invalidReason(sub.status) };
  const limit = monthlyLimit(sub);
  if (limit === null) return null;
  const usage = await usageThisMonth(ctx, companyId);
  if (usage.used < limit) return null;
  const resumesOn = longDate(usage.to.toISOString().slice(0, 10), "en-US");
  await noticeLimit(ctx, sub, limit, usage.month, resumesOn);
  return {
    code: errorCodes.usageLimitReached,
    message: `This month's ${limit.toLocaleString("en-US")} invoices of the ${sub.planName} plan are used: reminders resume on ${resumesOn}. To send more now, change your plan on the Billing page.`,
  };
}

/**
 * What the plan still allows this month, for a planning run deciding under the company's lock:
 * the invoices that already count (reminded this month, or queued to be) and how many more may
 * be added. Null when nothing limits it (billing off, no subscription row, a plan without a limit).
 */
export async function usageAllowance(
  ctx: AppContext,
  db: DbOrTx,
  companyId: string,
): Promise<{ counted: Set<string>; left: number } | null> {
  if (!ctx.billing) return null;
  const sub = await repo.findSubscription(db, companyId);
  const limit = sub ? monthlyLimit(sub) : null;
  if (limit === null) return null;
  const { from, to } = utcMonth(ctx.now());
  const counted = new Set(await invoicesCountedIn(db, companyId, from, to));
  return { counted, left: Math.max(0, limit - counted.size) };
}

async function noticeLimit(
  ctx: AppContext,
  sub: repo.SubscriptionRow,
  limit: number,
  month: string,
  resumesOn: string,
) {
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.claimLimitNotice(tx, sub.companyId, month))) return;
    const owner = await repo.companyOwner(tx, sub.companyId);
    if (!owner?.email) return;
    const email = usageLimitEmail({
      to: owner.email,
      name: owner.name ?? "there",
      companyName: owner.companyName,
      planName: sub.planName,
      limit,
      resumesOn,
      appUrl: ctx.config.appUrl,
    });
    await enqueueEmail(ctx, email, tx);
  });
}

/** The gate reminders ask before deciding or sending; the assembly plugs it into the context. */
export const billingGate = (ctx: AppContext): SendingGate => ({
  hold: (companyId) => sendingHold(ctx, companyId),
  allowance: (db, companyId) => usageAllowance(ctx, db, companyId),
});
