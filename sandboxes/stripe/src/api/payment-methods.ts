import { cardByTestId, type TestCard } from "../cards.ts";
import { invalidRequest, noSuch } from "../errors.ts";
import { newId } from "../ids.ts";
import { newPaymentMethod } from "../objects/payment-method.ts";
import { PAGE_PARAMS, page, render } from "../render.ts";
import type { CustomerRow, PaymentMethodRow } from "../state.ts";
import { type ApiContext, type ApiRoute, causeOf, customerRow, route } from "./route.ts";

const TEST_EXPIRY = { exp_month: 12, exp_year: new Date().getUTCFullYear() + 3 };

/** An unattached PaymentMethod for a test card (what `pm_card_visa` or `tok_visa` stands for). */
function detachedFor(ctx: ApiContext, card: TestCard): PaymentMethodRow {
  const { state } = ctx.sandbox;
  const pm = newPaymentMethod(newId("pm"), ctx.sandbox.nowSec(), card, TEST_EXPIRY);
  const row: PaymentMethodRow = { obj: pm, seq: state.next(), card };
  state.paymentMethods.set(pm.id, row);
  return row;
}

/**
 * Attaches a PaymentMethod (or a test id such as `pm_card_visa`, which attaches a new one) to a
 * customer; a card that declines on saving answers 402.
 */
export function attachTo(
  ctx: ApiContext,
  customer: CustomerRow,
  id: string,
  param: string,
): PaymentMethodRow {
  const { state, billing } = ctx.sandbox;
  const test = cardByTestId(id);
  if (test) return billing.attachCard(customer, test, TEST_EXPIRY, causeOf(ctx, customer));
  const row = state.paymentMethods.get(id);
  if (!row) throw noSuch("PaymentMethod", id, param);
  if (row.obj.customer === customer.obj.id) return row;
  if (row.obj.customer) {
    throw invalidRequest(
      "The payment method you provided has already been attached to a customer.",
      param,
      "payment_method_unexpected_state",
    );
  }
  return billing.attach(customer, row, causeOf(ctx, customer));
}

/** The customer's PaymentMethod with this id (as `default_payment_method` parameters need). */
export function ownPaymentMethod(ctx: ApiContext, customer: CustomerRow, id: string, param: string): string {
  const row = ctx.sandbox.state.paymentMethods.get(id);
  if (!row || row.obj.customer !== customer.obj.id) {
    throw invalidRequest(
      `The customer does not have a payment method with the ID ${id}. The payment method must be attached to the customer.`,
      param,
      "resource_missing",
    );
  }
  return row.obj.id;
}

function paymentMethod(ctx: ApiContext, id: string): PaymentMethodRow {
  const row = ctx.sandbox.state.paymentMethods.get(id);
  if (row) return row;
  const test = cardByTestId(id);
  if (test && id.startsWith("pm_")) return detachedFor(ctx, test);
  throw noSuch("PaymentMethod", id);
}

export const paymentMethodRoutes: ApiRoute[] = [
  route("POST", "/v1/payment_methods", (ctx) => {
    const p = ctx.p.allow([
      "type",
      "card",
      "billing_details",
      "metadata",
      "expand",
      "customer",
      "payment_method",
      "allow_redisplay",
    ]);
    const type = p.requiredStr("type");
    if (type !== "card")
      throw invalidRequest(`The sandbox only supports PaymentMethods of type card.`, "type");
    const card = p.obj("card");
    const token = card?.str("token");
    if (card?.has("number")) {
      throw invalidRequest(
        "Sending credit card numbers directly to the Stripe API is generally unsafe. Use a test token such as tok_visa (or a test PaymentMethod such as pm_card_visa) instead.",
        "card[number]",
        "card_number_unsafe",
      );
    }
    const test = token ? cardByTestId(token) : undefined;
    if (!test) throw invalidRequest(`No such token: '${token ?? ""}'`, "card[token]", "resource_missing");
    const row = detachedFor(ctx, test);
    const billing = p.obj("billing_details");
    if (billing?.str("name")) row.obj.billing_details.name = billing.str("name")!;
    if (billing?.str("email")) row.obj.billing_details.email = billing.str("email")!;
    return render(ctx.sandbox.state, row.obj, p.expand());
  }),
  route("GET", "/v1/payment_methods/:id", (ctx) => {
    const p = ctx.p.allow(["expand"]);
    return render(ctx.sandbox.state, paymentMethod(ctx, ctx.path.id!).obj, p.expand());
  }),
  route("GET", "/v1/payment_methods", (ctx) => {
    const p = ctx.p.allow(["customer", "customer_account", "type", "allow_redisplay", ...PAGE_PARAMS]);
    const customer = p.str("customer");
    const type = p.str("type");
    return page(
      ctx.sandbox.state,
      ctx.sandbox.state.paymentMethods.values(),
      p,
      "/v1/payment_methods",
      "payment_method",
      (pm) => (!customer || pm.customer === customer) && (!type || pm.type === type) && pm.customer !== null,
    );
  }),
  route("POST", "/v1/payment_methods/:id/attach", (ctx) => {
    const p = ctx.p.allow(["customer", "customer_account", "expand"]);
    const customer = customerRow(ctx, p.requiredStr("customer"), "customer");
    return render(ctx.sandbox.state, attachTo(ctx, customer, ctx.path.id!, "payment_method").obj, p.expand());
  }),
  route("POST", "/v1/payment_methods/:id/detach", (ctx) => {
    const p = ctx.p.allow(["expand"]);
    const row = ctx.sandbox.state.paymentMethods.get(ctx.path.id!);
    if (!row) throw noSuch("PaymentMethod", ctx.path.id!);
    if (!row.obj.customer) {
      throw invalidRequest(
        "The payment method you provided is not attached to a customer so detachment is impossible.",
        undefined,
        "payment_method_unexpected_state",
      );
    }
    const customer = ctx.sandbox.state.customers.get(row.obj.customer as string);
    const cause = causeOf(ctx, customer);
    row.obj.customer = null;
    if (customer && customer.obj.invoice_settings.default_payment_method === row.obj.id) {
      ctx.sandbox.billing.setDefaultPaymentMethod(customer, null, cause);
    }
    for (const sub of ctx.sandbox.state.subscriptions.values()) {
      if (sub.obj.default_payment_method === row.obj.id) {
        ctx.sandbox.billing.update(sub, cause, (s) => {
          s.default_payment_method = null;
        });
      }
    }
    ctx.sandbox.events.emit("payment_method.detached", row.obj, cause, {
      customer: customer?.obj.id ?? null,
    });
    return render(ctx.sandbox.state, row.obj, p.expand());
  }),
];
