import type { AppContext } from "../../context.ts";

/**
 * Whether the company's subscription allows sending reminders now. The billing issue fills this
 * in (trial or paid plan, and the month's usage within the plan's limit); until then, always.
 */
export async function subscriptionAllowsSending(_ctx: AppContext, _companyId: string): Promise<boolean> {
  return true;
}
