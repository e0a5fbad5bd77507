import type { AppContext, SendingHold } from "../../context.ts";
import type { DbOrTx } from "../../db/client.ts";

/**
 * Why the company's subscription holds reminders back now (the trial ended, the subscription is
 * not active, or the plan's invoices for this month are used up), or null. Billing off: never.
 */
export function subscriptionHold(ctx: AppContext, companyId: string): Promise<SendingHold | null> {
  return ctx.gate.hold(companyId);
}

/**
 * The decisions the plan's monthly limit allows, in order: every one for an invoice that already
 * counts this month, and new invoices only while the limit has room. Without a limit, all of them.
 */
export async function withinUsageLimit<T extends { invoiceQbId: string }>(
  ctx: AppContext,
  db: DbOrTx,
  companyId: string,
  rows: T[],
): Promise<T[]> {
  const allowance = await ctx.gate.allowance(db, companyId);
  if (!allowance) return rows;
  const { counted } = allowance;
  let left = allowance.left;
  return rows.filter((row) => {
    if (counted.has(row.invoiceQbId)) return true;
    if (left === 0) return false;
    counted.add(row.invoiceQbId);
    left--;
    return true;
  });
}
