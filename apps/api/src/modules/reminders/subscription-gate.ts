import type { AppContext } from "../../context.ts";
import { type SendingHold, sendingHold } from "../billing/gate.service.ts";

/**
 * Why the company's subscription holds reminders back now (the trial ended, the subscription is
 * not active, or the plan's invoices for this month are used up), or null. Billing off: never.
 */
export function subscriptionHold(ctx: AppContext, companyId: string): Promise<SendingHold | null> {
  return sendingHold(ctx, companyId);
}
