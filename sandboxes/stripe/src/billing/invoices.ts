/**
 * A subscription's invoices: building one for its items, starting a new period with a draft
 * invoice, and finalizing (numbering, the hosted page, a due date for send_invoice).
 */
import { newId, randomToken } from "../ids.ts";
import { newInvoice, newLineItem } from "../objects/invoice.ts";
import type { CustomerRow, InvoiceRow, SubscriptionRow } from "../state.ts";
import { DAY, HOUR } from "../time.ts";
import type { Cause, Invoice, Price, Subscription } from "../types.ts";
import { type BillingContext, clone, customerId, invoiceSubscription } from "./context.ts";

export function invoicesOf(b: BillingContext, subscription: string): InvoiceRow[] {
  return [...b.state.invoices.values()].filter((i) => invoiceSubscription(i.obj) === subscription);
}

/**
 * An invoice for the subscription's items. As on Stripe, the lines carry the service period
 * (`lines.data[].period`, here `start`..`end`) while the invoice's own `period_start/end` is the
 * period that just ended (`period`; for a subscription's first invoice, its creation time).
 */
export function buildInvoice(
  b: BillingContext,
  row: SubscriptionRow,
  customer: CustomerRow,
  reason: NonNullable<Invoice["billing_reason"]>,
  start: number,
  end: number,
  charge: boolean,
  created: number,
  period: { start: number; end: number } = { start: created, end: created },
): InvoiceRow {
  const id = newId("in");
  const sub = row.obj;
  const lines = sub.items.data.map((item) =>
    newLineItem(newId("il"), {
      invoice: id,
      item,
      subscription: sub,
      start,
      end,
      charge,
      productName: productName(b, item.price),
    }),
  );
  const invoice = newInvoice(id, created, {
    customer: customer.obj,
    subscription: sub,
    billing_reason: reason,
    period_start: period.start,
    period_end: period.end,
    lines,
  });
  return { obj: invoice, seq: b.state.next(), token: randomToken(32), finalizeAt: null };
}

function productName(b: BillingContext, price: Price): string {
  const id = typeof price.product === "string" ? price.product : price.product.id;
  return b.state.products.get(id)?.obj.name ?? id;
}

/**
 * Starts a new period: `change` moves the subscription (status, period), then a draft invoice for
 * the new period is created (finalized and charged an hour later) and becomes `latest_invoice`;
 * one `customer.subscription.updated`, then `invoice.created`.
 */
export function newPeriod(
  b: BillingContext,
  row: SubscriptionRow,
  customer: CustomerRow,
  reason: NonNullable<Invoice["billing_reason"]>,
  cause: Cause,
  change: (sub: Subscription) => void,
): InvoiceRow {
  const before = clone(row.obj);
  const previous = before.items.data[0]!;
  change(row.obj);
  const item = row.obj.items.data[0]!;
  const invoice = buildInvoice(
    b,
    row,
    customer,
    reason,
    item.current_period_start,
    item.current_period_end,
    true,
    cause.at,
    { start: previous.current_period_start, end: Math.min(previous.current_period_end, cause.at) },
  );
  invoice.finalizeAt = cause.at + HOUR;
  invoice.obj.automatically_finalizes_at = invoice.finalizeAt;
  b.state.invoices.set(invoice.obj.id, invoice);
  row.obj.latest_invoice = invoice.obj.id;
  b.events.changed("customer.subscription.updated", before, row.obj, cause);
  b.events.emit("invoice.created", invoice.obj, cause);
  return invoice;
}

export function finalize(b: BillingContext, invoice: InvoiceRow, cause: Cause): void {
  const inv = invoice.obj;
  const customer = b.state.customers.get(customerId(inv.customer));
  inv.status = "open";
  invoice.finalizeAt = null;
  inv.automatically_finalizes_at = null;
  inv.status_transitions.finalized_at = cause.at;
  inv.effective_at = cause.at;
  inv.hosted_invoice_url = `${b.baseUrl}/i/${invoice.token}`;
  if (customer) {
    const seq = customer.obj.next_invoice_sequence ?? 1;
    inv.number = `${customer.obj.invoice_prefix}-${String(seq).padStart(4, "0")}`;
    customer.obj.next_invoice_sequence = seq + 1;
  }
  if (inv.collection_method === "send_invoice") {
    const sub = b.state.subscriptions.get(invoiceSubscription(inv));
    inv.due_date = cause.at + (sub?.obj.days_until_due ?? 30) * DAY;
    inv.auto_advance = false;
  }
  b.events.emit("invoice.finalized", inv, cause);
}
