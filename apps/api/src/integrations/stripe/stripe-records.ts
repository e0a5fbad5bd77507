/** Stripe's objects read into the provider records (provider-records.ts). */
import type Stripe from "stripe";
import type { ProviderEvent, ProviderSubscription } from "./provider-records.ts";

export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

function invoiceLimit(...sources: (Stripe.Metadata | null | undefined)[]): number | null {
  for (const metadata of sources) {
    const raw = metadata?.invoice_limit;
    if (raw && /^\d+$/.test(raw)) return Number(raw);
  }
  return null;
}

/** Stripe's subscription (items' prices expanded with their product) as a record. */
export function toProviderSubscription(sub: Stripe.Subscription): ProviderSubscription {
  const item = sub.items.data[0];
  const price = item?.price;
  const product = price && typeof price.product === "object" ? price.product : null;
  const productName = product && !("deleted" in product && product.deleted) ? product.name : null;
  const productMetadata = product && !("deleted" in product && product.deleted) ? product.metadata : null;
  return {
    id: sub.id,
    customerId: idOf(sub.customer) ?? "",
    status: sub.status,
    trialEnd: sub.trial_end,
    periodEnd: item?.current_period_end ?? null,
    cancelAt: sub.cancel_at,
    endedAt: sub.ended_at,
    priceId: price?.id ?? null,
    planName: productName ?? price?.nickname ?? "Plan",
    amountCents: price ? (price.unit_amount ?? 0) * (item?.quantity ?? 1) : null,
    currency: price?.currency ?? null,
    interval: price?.recurring?.interval ?? null,
    usageLimit: invoiceLimit(productMetadata, price?.metadata),
  };
}

/** Whom an event concerns: the customer it names, or the test clock (clock events name none). */
export function subjectOf(event: Stripe.Event): Pick<ProviderEvent, "customerId" | "testClockId"> {
  const object = event.data.object as unknown as Record<string, unknown>;
  if (object.object === "customer") return { customerId: String(object.id), testClockId: null };
  if (object.object === "test_helpers.test_clock")
    return { customerId: null, testClockId: String(object.id) };
  const customer = idOf(object.customer as string | { id: string } | null | undefined);
  return { customerId: customer, testClockId: null };
}
