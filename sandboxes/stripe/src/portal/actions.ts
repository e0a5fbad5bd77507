/**
 * What the hosted portal does on a customer's behalf, through the same engine as the API
 * (so the same events go out). Each returns a notice for the page or throws `PortalError`.
 */
import { advanceClock } from "../api/test-clocks.ts";
import { invoiceSubscription } from "../billing.ts";
import { cardByNumber, luhnValid } from "../cards.ts";
import { StripeError } from "../errors.ts";
import type { Sandbox } from "../sandbox.ts";
import type { ClockRow, CustomerRow, SessionRow, SubscriptionRow } from "../state.ts";
import { DAY, formatDate } from "../time.ts";
import type { Cause } from "../types.ts";

export class PortalError extends Error {
  constructor(
    message: string,
    /** The form field at fault, for aria-invalid. */
    readonly field?: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export interface CardForm {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
  postalCode: string;
}

const ENDED = new Set(["canceled", "incomplete_expired"]);

function cause(sandbox: Sandbox, customer: CustomerRow): Cause {
  return sandbox.billing.causeFor(customer);
}

export function customerOf(sandbox: Sandbox, session: SessionRow): CustomerRow {
  const customer = sandbox.state.customers.get(session.obj.customer);
  if (!customer || customer.deleted) throw new PortalError("This customer no longer exists.", undefined, 404);
  return customer;
}

export function ownSubscription(sandbox: Sandbox, customer: CustomerRow, id: string): SubscriptionRow {
  const row = sandbox.state.subscriptions.get(id);
  if (!row || row.obj.customer !== customer.obj.id)
    throw new PortalError("No such subscription.", undefined, 404);
  return row;
}

/** Parses the card form as Stripe Elements validates it, before anything is sent. */
function parseCard(form: CardForm, now: Date) {
  const number = form.number.replace(/[\s-]/g, "");
  if (!number) throw new PortalError("Your card number is incomplete.", "card_number");
  if (!/^\d{12,19}$/.test(number) || !luhnValid(number))
    throw new PortalError("Your card number is invalid.", "card_number");
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(form.expiry);
  if (!expiry) throw new PortalError("Your card's expiration date is incomplete.", "card_expiry");
  const month = Number(expiry[1]);
  const year = expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  if (month < 1 || month > 12)
    throw new PortalError("Your card's expiration month is invalid.", "card_expiry");
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) {
    throw new PortalError("Your card's expiration date is in the past.", "card_expiry");
  }
  if (!/^\d{3,4}$/.test(form.cvc.trim()))
    throw new PortalError("Your card's security code is incomplete.", "card_cvc");
  const card = cardByNumber(number);
  if (!card) {
    throw new PortalError(
      "Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.",
      "card_number",
      402,
    );
  }
  return { card, exp_month: month, exp_year: year };
}

/**
 * Adds a card and makes it the default (for the customer, and for subscriptions that had their own),
 * then pays what is overdue with it, as the portal does for a past-due subscription.
 */
export function addCard(sandbox: Sandbox, customer: CustomerRow, form: CardForm): string {
  const { billing, state } = sandbox;
  const parsed = parseCard(form, new Date(billing.customerTime(customer) * 1000));
  const c = cause(sandbox, customer);
  let pm: ReturnType<typeof billing.attachCard>;
  try {
    pm = billing.attachCard(
      customer,
      parsed.card,
      {
        exp_month: parsed.exp_month,
        exp_year: parsed.exp_year,
        name: form.name || null,
        postal_code: form.postalCode || null,
      },
      c,
    );
  } catch (error) {
    if (error instanceof StripeError) throw new PortalError(error.body.message, "card_number", 402);
    throw error;
  }
  billing.setDefaultPaymentMethod(customer, pm.obj.id, c);
  const subs = billing.subscriptionsOf(customer.obj.id).filter((s) => !ENDED.has(s.obj.status));
  for (const sub of subs) {
    if (sub.obj.default_payment_method)
      billing.update(sub, c, (s) => {
        s.default_payment_method = pm.obj.id;
      });
  }
  const last4 = pm.obj.card?.last4 ?? "";
  const overdue = [...state.invoices.values()].filter((inv) => {
    const sub = state.subscriptions.get(invoiceSubscription(inv.obj));
    return (
      inv.obj.customer === customer.obj.id &&
      inv.obj.status === "open" &&
      !!sub &&
      ["past_due", "unpaid", "incomplete"].includes(sub.obj.status)
    );
  });
  for (const inv of overdue) {
    const result = billing.pay(inv, customer, c, { automatic: false, paymentMethod: pm });
    if (!result.ok) {
      throw new PortalError(
        `Card ending in ${last4} was saved, but paying your outstanding invoice failed: ${result.decline.message}`,
        "card_number",
        402,
      );
    }
  }
  return overdue.length
    ? `Card ending in ${last4} added, and your outstanding invoice was paid.`
    : `Card ending in ${last4} added.`;
}

export function switchPlan(
  sandbox: Sandbox,
  session: SessionRow,
  customer: CustomerRow,
  sub: SubscriptionRow,
  priceId: string,
): string {
  const { billing, state } = sandbox;
  if (ENDED.has(sub.obj.status)) throw new PortalError("This subscription has ended.");
  const allowed = allowedPrices(sandbox, session);
  const price = state.prices.get(priceId)?.obj;
  if (!price || !allowed.includes(priceId) || !price.active)
    throw new PortalError("Choose one of the plans shown.", "price");
  const item = sub.obj.items.data[0]!;
  if (item.price.id === priceId) return "That is already your plan.";
  const c = cause(sandbox, customer);
  billing.update(sub, c, (s) => billing.applyItems(s, [{ id: item.id, price }], c.at));
  const product = state.products.get(price.product as string)?.obj.name ?? price.product;
  return `Your plan was changed to ${product}.`;
}

export function allowedPrices(sandbox: Sandbox, session: SessionRow): string[] {
  const config = sandbox.state.configurations.get(session.obj.configuration as string)?.obj;
  return config?.features.subscription_update.products?.flatMap((p) => p.prices) ?? [];
}

export function cancel(sandbox: Sandbox, customer: CustomerRow, sub: SubscriptionRow, when: string): string {
  const { billing } = sandbox;
  if (ENDED.has(sub.obj.status)) throw new PortalError("This subscription has already ended.");
  const c = cause(sandbox, customer);
  if (when === "now") {
    billing.cancelNow(sub, c, "cancellation_requested");
    return "Your plan was canceled.";
  }
  billing.update(sub, c, (s) => billing.applyCancelAtPeriodEnd(s, true, c.at));
  return "Your plan will be canceled at the end of the current period.";
}

export function renew(sandbox: Sandbox, customer: CustomerRow, sub: SubscriptionRow): string {
  const { billing } = sandbox;
  if (ENDED.has(sub.obj.status)) throw new PortalError("This subscription has already ended.");
  const c = cause(sandbox, customer);
  billing.update(sub, c, (s) => billing.applyCancelAtPeriodEnd(s, false, c.at));
  return "Your plan will renew.";
}

export function resume(sandbox: Sandbox, customer: CustomerRow, sub: SubscriptionRow): string {
  const { billing } = sandbox;
  if (sub.obj.status !== "paused") throw new PortalError("This subscription is not paused.");
  if (!billing.paymentMethodOf(sub.obj, customer))
    throw new PortalError("Add a card first, then resume your subscription.");
  const result = billing.resume(sub, cause(sandbox, customer));
  if (!result.ok)
    throw new PortalError(
      `Your subscription was resumed, but the payment failed: ${result.decline.message}`,
      undefined,
      402,
    );
  return "Your subscription was resumed.";
}

export function payInvoice(sandbox: Sandbox, customer: CustomerRow, invoiceId: string): string {
  const inv = sandbox.state.invoices.get(invoiceId);
  if (!inv || inv.obj.customer !== customer.obj.id) throw new PortalError("No such invoice.", undefined, 404);
  if (inv.obj.status !== "open") throw new PortalError("This invoice is not open.");
  const result = sandbox.billing.pay(inv, customer, cause(sandbox, customer), { automatic: false });
  if (!result.ok) throw new PortalError(result.decline.message, undefined, 402);
  return "Invoice paid.";
}

/** The customer's test clock, if it has one (sandbox controls on the portal page). */
export function clockOf(sandbox: Sandbox, customer: CustomerRow): ClockRow | undefined {
  const clock = customer.obj.test_clock;
  const id = typeof clock === "string" ? clock : clock?.id;
  const row = id ? sandbox.state.clocks.get(id) : undefined;
  return row && !row.deleted ? row : undefined;
}

/** Not Stripe's: moves a test clock forward by whole days, as the control API does. */
export function advanceTestClock(sandbox: Sandbox, clock: ClockRow | undefined, days: number): string {
  if (!clock) throw new PortalError("This customer has no test clock.");
  if (!Number.isInteger(days) || days < 1 || days > 366)
    throw new PortalError("Choose a number of days from 1 to 366.");
  try {
    advanceClock({ sandbox }, clock, clock.obj.frozen_time + days * DAY, 0);
  } catch (error) {
    if (error instanceof StripeError) throw new PortalError(error.body.message);
    throw error;
  }
  return `The test clock moved ${days} ${days === 1 ? "day" : "days"} forward, to ${formatDate(clock.obj.frozen_time)}.`;
}
