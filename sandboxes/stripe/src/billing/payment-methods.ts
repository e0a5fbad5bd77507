/** Saving cards to customers and choosing the one a subscription's invoices are charged to. */
import type { TestCard } from "../cards.ts";
import { cardError } from "../errors.ts";
import { newId } from "../ids.ts";
import { newPaymentMethod } from "../objects/payment-method.ts";
import type { CustomerRow, PaymentMethodRow } from "../state.ts";
import type { Cause, Subscription } from "../types.ts";
import { type BillingContext, clone } from "./context.ts";

/** Saves a test card to a customer, as attaching a PaymentMethod does (declined cards throw 402). */
export function attachCard(
  b: BillingContext,
  customer: CustomerRow,
  card: TestCard,
  details: { exp_month: number; exp_year: number; name?: string | null; postal_code?: string | null },
  cause: Cause,
): PaymentMethodRow {
  if (card.attach) throw cardError(card.attach);
  const pm = newPaymentMethod(newId("pm"), cause.at, card, details);
  const row: PaymentMethodRow = { obj: pm, seq: b.state.next(), card };
  b.state.paymentMethods.set(pm.id, row);
  return attach(b, customer, row, cause);
}

/** Attaches an existing, unattached PaymentMethod. */
export function attach(
  b: BillingContext,
  customer: CustomerRow,
  row: PaymentMethodRow,
  cause: Cause,
): PaymentMethodRow {
  if (row.card.attach) throw cardError(row.card.attach);
  row.obj.customer = customer.obj.id;
  b.events.emit("payment_method.attached", row.obj, cause);
  return row;
}

export function paymentMethodOf(
  b: BillingContext,
  sub: Subscription,
  customer: CustomerRow,
): PaymentMethodRow | undefined {
  const ids = [sub.default_payment_method, customer.obj.invoice_settings.default_payment_method];
  for (const id of ids) {
    const key = typeof id === "string" ? id : id?.id;
    const row = key ? b.state.paymentMethods.get(key) : undefined;
    if (row && row.obj.customer === customer.obj.id) return row;
  }
  return undefined;
}

export function setDefaultPaymentMethod(
  b: BillingContext,
  customer: CustomerRow,
  pm: string | null,
  cause: Cause,
): void {
  const before = clone(customer.obj);
  customer.obj.invoice_settings.default_payment_method = pm;
  b.events.changed("customer.updated", before, customer.obj, cause);
}
