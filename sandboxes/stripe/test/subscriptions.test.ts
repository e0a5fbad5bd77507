import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { DAY, GROWTH, STARTER, trial, useSandbox } from "./helpers.ts";

const t = useSandbox();

describe("subscriptions", () => {
  it("starts a 14-day trial without a card: trialing, a paid $0 invoice, periods on the items", async () => {
    const customer = await t.stripe.customers.create({ email: "trial@example.com" });
    const sub = await trial(t, customer.id);
    const now = Math.floor(Date.now() / 1000);
    expect(sub).toMatchObject({
      object: "subscription",
      status: "trialing",
      customer: customer.id,
      cancel_at_period_end: false,
      canceled_at: null,
      default_payment_method: null,
      test_clock: null,
      collection_method: "charge_automatically",
      trial_settings: { end_behavior: { missing_payment_method: "create_invoice" } },
      payment_settings: { save_default_payment_method: "on_subscription" },
    });
    expect(sub.trial_end! - sub.trial_start!).toBe(14 * DAY);
    expect(Math.abs(sub.trial_start! - now)).toBeLessThan(5);
    expect("current_period_end" in sub).toBe(false);
    const item = sub.items.data[0]!;
    expect(item).toMatchObject({
      object: "subscription_item",
      current_period_start: sub.trial_start,
      current_period_end: sub.trial_end,
      quantity: 1,
      subscription: sub.id,
      price: { id: STARTER, unit_amount: 2900, product: "prod_starter" },
      plan: { id: STARTER, amount: 2900, interval: "month" },
    });
    const invoice = sub.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({
      object: "invoice",
      status: "paid",
      amount_due: 0,
      amount_paid: 0,
      currency: "usd",
      customer: customer.id,
      billing_reason: "subscription_create",
      parent: { type: "subscription_details", subscription_details: { subscription: sub.id } },
      period_start: sub.trial_start,
      period_end: sub.trial_start,
    });
    expect(invoice.hosted_invoice_url).toMatch(new RegExp(`^${t.sandbox.baseUrl}/i/`));
    const page = await fetch(invoice.hosted_invoice_url!);
    expect(page.status).toBe(200);
  });

  it("retrieves, lists by customer and status, switches price, cancels at period end and now", async () => {
    const customer = await t.stripe.customers.create({ email: "plan@example.com" });
    const sub = await trial(t, customer.id);
    const other = await t.stripe.customers.create({ email: "other@example.com" });
    await trial(t, other.id);

    const listed = await t.stripe.subscriptions.list({
      customer: customer.id,
      status: "trialing",
      expand: ["data.latest_invoice", "data.items.data.price.product"],
    });
    expect(listed.data.map((s) => s.id)).toEqual([sub.id]);
    expect(listed.data[0]!.latest_invoice).toMatchObject({ object: "invoice", amount_due: 0 });
    expect(listed.data[0]!.items.data[0]!.price.product).toMatchObject({
      object: "product",
      name: "Starter",
    });
    const withSubs = (await t.stripe.customers.retrieve(customer.id, {
      expand: ["subscriptions"],
    })) as Stripe.Customer;
    expect(withSubs.subscriptions?.data.map((s) => s.id)).toEqual([sub.id]);
    const lines = await t.stripe.invoices.listLineItems(
      (listed.data[0]!.latest_invoice as Stripe.Invoice).id,
    );
    expect(lines.data[0]).toMatchObject({
      object: "line_item",
      amount: 0,
      description: "Trial period for Starter",
    });
    const tooMany = await t.stripe.subscriptions.list({ limit: 101 }).catch((e: unknown) => e);
    expect(tooMany).toMatchObject({ statusCode: 400, param: "limit" });
    expect((await t.stripe.subscriptions.list({ customer: customer.id, status: "active" })).data).toEqual([]);

    const switched = await t.stripe.subscriptions.update(sub.id, {
      items: [{ id: sub.items.data[0]!.id, price: GROWTH }],
      proration_behavior: "none",
      expand: ["items.data.price.product"],
    });
    expect(switched.items.data).toHaveLength(1);
    expect(switched.items.data[0]!.price.id).toBe(GROWTH);
    expect((switched.items.data[0]!.price.product as Stripe.Product).metadata.invoice_limit).toBe("1000");
    expect(switched.status).toBe("trialing");

    const ending = await t.stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    expect(ending).toMatchObject({
      cancel_at_period_end: true,
      cancel_at: sub.trial_end,
      status: "trialing",
    });
    expect(ending.canceled_at).not.toBeNull();

    const canceled = await t.stripe.subscriptions.cancel(sub.id);
    expect(canceled).toMatchObject({
      status: "canceled",
      cancellation_details: { reason: "cancellation_requested" },
    });
    expect(canceled.ended_at).not.toBeNull();
    expect((await t.stripe.subscriptions.list({ customer: customer.id })).data).toEqual([]);
    const all = await t.stripe.subscriptions.list({ customer: customer.id, status: "all" });
    expect(all.data.map((s) => s.status)).toEqual(["canceled"]);

    const again = await t.stripe.subscriptions.cancel(sub.id).catch((e: unknown) => e);
    expect(again).toMatchObject({ statusCode: 404 });
  });

  it("validates what it is given", async () => {
    const customer = await t.stripe.customers.create({});
    const noItems = await t.stripe.subscriptions
      .create({ customer: customer.id, items: [] })
      .catch((e: unknown) => e);
    expect(noItems).toMatchObject({ statusCode: 400, code: "parameter_missing", param: "items" });
    const noCustomer = await t.stripe.subscriptions
      .create({ customer: "cus_nobody", items: [{ price: STARTER }] })
      .catch((e: unknown) => e);
    expect(noCustomer).toMatchObject({ statusCode: 400, code: "resource_missing", param: "customer" });
    const badPrice = await t.stripe.subscriptions
      .create({ customer: customer.id, items: [{ price: "price_nope" }] })
      .catch((e: unknown) => e);
    expect(badPrice).toMatchObject({ statusCode: 400, param: "items[0][price]" });
    const notAttached = await t.stripe.subscriptions
      .create({ customer: customer.id, items: [{ price: STARTER }], default_payment_method: "pm_card_visa" })
      .catch((e: unknown) => e);
    expect(notAttached).toMatchObject({ statusCode: 400, param: "default_payment_method" });
  });

  it("charges the first invoice at once without a trial: active with a card, incomplete without", async () => {
    const paying = await t.stripe.customers.create({
      payment_method: "pm_card_visa",
      invoice_settings: { default_payment_method: "pm_card_visa" },
    });
    expect(paying.invoice_settings.default_payment_method).toMatch(/^pm_/);
    const active = await t.stripe.subscriptions.create({
      customer: paying.id,
      items: [{ price: STARTER }],
      expand: ["latest_invoice"],
    });
    expect(active.status).toBe("active");
    expect(active.latest_invoice).toMatchObject({
      status: "paid",
      amount_paid: 2900,
      billing_reason: "subscription_create",
    });

    const cardless = await t.stripe.customers.create({});
    const incomplete = await t.stripe.subscriptions.create({
      customer: cardless.id,
      items: [{ price: STARTER }],
    });
    expect(incomplete.status).toBe("incomplete");
    const strict = await t.stripe.subscriptions
      .create({ customer: cardless.id, items: [{ price: STARTER }], payment_behavior: "error_if_incomplete" })
      .catch((e: unknown) => e);
    expect(strict).toMatchObject({ statusCode: 402, type: "StripeCardError" });

    const declined = await t.stripe.paymentMethods
      .attach("pm_card_chargeDeclined", { customer: cardless.id })
      .catch((e: unknown) => e);
    expect(declined).toMatchObject({
      statusCode: 402,
      type: "StripeCardError",
      code: "card_declined",
      decline_code: "generic_decline",
    });
  });
});
