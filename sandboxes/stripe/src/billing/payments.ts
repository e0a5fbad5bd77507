/**
 * Charging invoices: deciding a charge (test cards, forced failures), and applying the outcome to
 * the invoice, the customer (delinquent) and the subscription (past_due, unpaid, canceled, active).
 */
import { DECLINES } from "../cards.ts";
import { randomToken } from "../ids.ts";
import type { CustomerRow, InvoiceRow, PaymentMethodRow } from "../state.ts";
import { DAY } from "../time.ts";
import type { Cause, Invoice } from "../types.ts";
import { type BillingContext, clone, invoiceSubscription, type PaymentResult } from "./context.ts";
import { finalize, invoicesOf } from "./invoices.ts";
import { paymentMethodOf } from "./payment-methods.ts";
import { cancelNow, update } from "./subscription-changes.ts";

/** Decides a charge: $0 always succeeds; then forced failures, the card's behaviour, no card. */
export function charge(inv: Invoice, customer: CustomerRow, pm: PaymentMethodRow | undefined): PaymentResult {
  if (inv.amount_due === 0) return { ok: true };
  const forced = customer.failNext.shift();
  if (forced) return { ok: false, decline: forced };
  if (!pm) return { ok: false, decline: DECLINES.noPaymentMethod };
  if (pm.card.charge) return { ok: false, decline: pm.card.charge };
  return { ok: true };
}

/**
 * Attempts to pay an open invoice (automatic collection, `invoices.pay` or the portal) and applies
 * the outcome to the invoice, the customer and the subscription.
 */
export function pay(
  b: BillingContext,
  invoice: InvoiceRow,
  customer: CustomerRow,
  cause: Cause,
  options: { automatic: boolean; paymentMethod?: PaymentMethodRow },
): PaymentResult {
  const sub = b.state.subscriptions.get(invoiceSubscription(invoice.obj));
  const pm = options.paymentMethod ?? (sub ? paymentMethodOf(b, sub.obj, customer) : undefined);
  const result = charge(invoice.obj, customer, pm);
  settle(b, invoice, customer, result, cause, options.automatic);
  return result;
}

/** Finalizes a draft and, unless it is to be paid by bank transfer (send_invoice), charges it. */
export function finalizeAndCharge(
  b: BillingContext,
  invoice: InvoiceRow,
  customer: CustomerRow,
  cause: Cause,
  automatic: boolean,
): PaymentResult {
  finalize(b, invoice, cause);
  if (invoice.obj.collection_method === "send_invoice" && invoice.obj.amount_due > 0) return { ok: true };
  return pay(b, invoice, customer, cause, { automatic });
}

/** Applies a payment outcome to the invoice, the customer and the subscription. */
export function settle(
  b: BillingContext,
  invoice: InvoiceRow,
  customer: CustomerRow,
  result: PaymentResult,
  cause: Cause,
  automatic: boolean,
): void {
  const inv = invoice.obj;
  const sub = b.state.subscriptions.get(invoiceSubscription(inv));
  if (inv.amount_due > 0) {
    inv.attempted = true;
    if (automatic || inv.attempt_count === 0) inv.attempt_count++;
  }
  if (result.ok) {
    inv.status = "paid";
    inv.amount_paid = inv.amount_due;
    inv.amount_remaining = 0;
    inv.next_payment_attempt = null;
    inv.auto_advance = false;
    inv.status_transitions.paid_at = cause.at;
    inv.ending_balance = 0;
    if (inv.amount_due > 0) inv.receipt_number = `${randomToken(4)}-${randomToken(4)}`.toUpperCase();
    if (customer.obj.delinquent) {
      const before = clone(customer.obj);
      customer.obj.delinquent = false;
      b.events.changed("customer.updated", before, customer.obj, cause);
    }
    b.events.emit("invoice.paid", inv, cause);
    b.events.emit("invoice.payment_succeeded", inv, cause);
    if (sub && ["past_due", "unpaid", "incomplete"].includes(sub.obj.status)) {
      const stillOpen = invoicesOf(b, sub.obj.id).some((i) => i.obj.status === "open");
      if (!stillOpen)
        update(b, sub, cause, (s) => {
          s.status = "active";
        });
    }
    return;
  }
  // failed
  const first = inv.billing_reason === "subscription_create";
  if (automatic && !first) {
    const wait = b.settings.retryDays[inv.attempt_count - 1];
    inv.next_payment_attempt = wait === undefined ? null : cause.at + wait * DAY;
  }
  if (!customer.obj.delinquent && automatic) {
    const before = clone(customer.obj);
    customer.obj.delinquent = true;
    b.events.changed("customer.updated", before, customer.obj, cause);
  }
  b.events.emit("invoice.payment_failed", inv, cause);
  if (!sub || first) return;
  if (sub.obj.status === "active" || sub.obj.status === "trialing") {
    update(b, sub, cause, (s) => {
      s.status = "past_due";
    });
  }
  if (automatic && inv.next_payment_attempt === null && sub.obj.latest_invoice === inv.id) {
    if (b.settings.afterRetries === "cancel") cancelNow(b, sub, cause, "payment_failed");
    else if (b.settings.afterRetries === "unpaid")
      update(b, sub, cause, (s) => {
        s.status = "unpaid";
      });
  }
}
