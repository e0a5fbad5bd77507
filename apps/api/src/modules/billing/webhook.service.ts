import type { AppContext } from "../../context.ts";
import type { ProviderEvent } from "../../integrations/stripe/provider-records.ts";
import { enqueueBillingSync } from "../../jobs/billing-sync.ts";
import * as repo from "./billing.repository.ts";

/**
 * One verified event: recorded once (a duplicate delivery does nothing), and for a customer of
 * ours (or a test clock one lives on) a read of the subscription is queued in the same
 * transaction. The event's own payload is never stored as state: the read answers what the
 * subscription is now, so events arriving late or out of order cannot move it back.
 */
export async function handleEvent(ctx: AppContext, event: ProviderEvent): Promise<{ duplicate: boolean }> {
  const companies = event.customerId
    ? [await repo.companyByCustomer(ctx.db, event.customerId)].filter((c): c is string => Boolean(c))
    : event.testClockId
      ? await repo.companiesByTestClock(ctx.db, event.testClockId)
      : [];
  return ctx.db.transaction(async (tx) => {
    const first = await repo.firstDelivery(tx, {
      eventId: event.id,
      type: event.type,
      providerCreatedAt: new Date(event.created * 1000),
      matched: companies.length > 0,
    });
    if (!first) return { duplicate: true };
    for (const companyId of companies) await enqueueBillingSync(ctx, companyId, tx);
    return { duplicate: false };
  });
}
