import type Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SEED } from "../src/index.ts";
import { DAY, start, type TestSandbox } from "./helpers.ts";

let t: TestSandbox;
beforeAll(async () => {
  t = await start();
});
afterAll(() => t.sandbox.close());
beforeEach(() => t.sandbox.control.reset());

const STARTER = SEED.prices.starter.id;
const GROWTH = SEED.prices.growth.id;
const T0 = 1_780_000_000; // a fixed clock start: 2026-05-28T20:26:40Z

async function clockCustomer(fields: Partial<Stripe.CustomerCreateParams> = {}) {
  const clock = await t.stripe.testHelpers.testClocks.create({ frozen_time: T0, name: "trial" });
  const customer = await t.stripe.customers.create({
    email: "owner@example.com",
    test_clock: clock.id,
    ...fields,
  });
  return { clock, customer };
}

async function trial(customer: string, behavior?: "cancel" | "pause" | "create_invoice") {
  return t.stripe.subscriptions.create({
    customer,
    items: [{ price: STARTER }],
    trial_period_days: 14,
    payment_settings: { save_default_payment_method: "on_subscription" },
    ...(behavior ? { trial_settings: { end_behavior: { missing_payment_method: behavior } } } : {}),
    expand: ["latest_invoice"],
  });
}

async function advance(clock: string, to: number) {
  let c = await t.stripe.testHelpers.testClocks.advance(clock, { frozen_time: to });
  expect(c.status).toBe("advancing");
  while (c.status !== "ready") c = await t.stripe.testHelpers.testClocks.retrieve(clock);
  expect(c.frozen_time).toBe(to);
  return c;
}

describe("subscriptions", () => {
  it("starts a 14-day trial without a card: trialing, a paid $0 invoice, periods on the items", async () => {
    const customer = await t.stripe.customers.create({ email: "trial@example.com" });
    const sub = await trial(customer.id);
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
    const sub = await trial(customer.id);
    const other = await t.stripe.customers.create({ email: "other@example.com" });
    await trial(other.id);

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

describe("test clocks", () => {
  it("creates a clock; its customers and subscriptions live at its time; advancing reports advancing, then ready", async () => {
    const { clock, customer } = await clockCustomer();
    expect(clock).toMatchObject({
      object: "test_helpers.test_clock",
      frozen_time: T0,
      status: "ready",
      name: "trial",
    });
    expect(customer.created).toBe(T0);
    expect(customer.test_clock).toBe(clock.id);
    const sub = await trial(customer.id);
    expect(sub.trial_start).toBe(T0);
    expect(sub.test_clock).toBe(clock.id);
    // subscriptions and customers on a clock are listed only when asking for them
    expect((await t.stripe.customers.list()).data).toEqual([]);
    expect((await t.stripe.customers.list({ test_clock: clock.id })).data.map((c) => c.id)).toEqual([
      customer.id,
    ]);
    expect((await t.stripe.subscriptions.list()).data).toEqual([]);
    expect((await t.stripe.subscriptions.list({ customer: customer.id })).data).toHaveLength(1);

    const ready = await advance(clock.id, T0 + DAY);
    expect(ready.status_details).toEqual({});
    const tooFar = await t.stripe.testHelpers.testClocks
      .advance(clock.id, { frozen_time: T0 + 200 * DAY })
      .catch((e: unknown) => e);
    expect(tooFar).toMatchObject({ statusCode: 400, param: "frozen_time" });
    const backwards = await t.stripe.testHelpers.testClocks
      .advance(clock.id, { frozen_time: T0 })
      .catch((e: unknown) => e);
    expect(backwards).toMatchObject({ statusCode: 400, param: "frozen_time" });

    const deleted = await t.stripe.testHelpers.testClocks.del(clock.id);
    expect(deleted).toMatchObject({ id: clock.id, deleted: true });
    expect(await t.stripe.customers.retrieve(customer.id).catch((e: unknown) => e)).toMatchObject({
      statusCode: 404,
    });
  });

  it("trial end with a card: active, and the first period's invoice is paid an hour later", async () => {
    const { clock, customer } = await clockCustomer({
      payment_method: "pm_card_visa",
      invoice_settings: { default_payment_method: "pm_card_visa" },
    });
    const sub = await trial(customer.id);
    await advance(clock.id, T0 + 14 * DAY);
    const atEnd = await t.stripe.subscriptions.retrieve(sub.id, { expand: ["latest_invoice"] });
    expect(atEnd.status).toBe("active");
    expect(atEnd.latest_invoice).toMatchObject({
      status: "draft",
      amount_due: 2900,
      billing_reason: "subscription_cycle",
    });

    await advance(clock.id, T0 + 15 * DAY);
    const after = await t.stripe.subscriptions.retrieve(sub.id, { expand: ["latest_invoice"] });
    expect(after.status).toBe("active");
    const item = after.items.data[0]!;
    expect(item.current_period_start).toBe(sub.trial_end);
    expect(item.current_period_end).toBe(Date.UTC(2026, 6, 11, 20, 26, 40) / 1000); // a month after the trial's end on June 11
    const invoice = after.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({
      status: "paid",
      amount_due: 2900,
      amount_paid: 2900,
      amount_remaining: 0,
      currency: "usd",
      customer: customer.id,
      test_clock: clock.id,
      // the invoice's period is the one that ended; its lines carry the service period
      period_start: sub.trial_start,
      period_end: sub.trial_end,
      parent: { subscription_details: { subscription: sub.id } },
    });
    expect(invoice.lines.data[0]).toMatchObject({
      amount: 2900,
      period: { start: item.current_period_start, end: item.current_period_end },
      pricing: { price_details: { price: STARTER, product: "prod_starter" } },
    });
    expect(invoice.status_transitions.paid_at).toBe(T0 + 14 * DAY + 3600);
    expect(invoice.number).toMatch(/^[A-Z0-9]{8}-0002$/);

    // a month later it renews and the renewal is paid
    await advance(clock.id, item.current_period_end + 2 * 3600);
    const renewed = await t.stripe.subscriptions.retrieve(sub.id, { expand: ["latest_invoice"] });
    expect(renewed.status).toBe("active");
    expect(renewed.items.data[0]!.current_period_start).toBe(item.current_period_end);
    expect(renewed.latest_invoice).toMatchObject({
      status: "paid",
      amount_paid: 2900,
      billing_reason: "subscription_cycle",
    });
    const invoices = await t.stripe.invoices.list({ subscription: sub.id });
    expect(invoices.data.map((i) => i.amount_paid)).toEqual([2900, 2900, 0]);

    const events = t.sandbox.control.events().filter((e) => e.created >= T0 && e.created < T0 + 20 * DAY);
    const types = events.map((e) => e.type);
    expect(types).toContain("customer.subscription.trial_will_end");
    expect(events.find((e) => e.type === "customer.subscription.trial_will_end")!.created).toBe(
      T0 + 11 * DAY,
    );
    const updated = events.find((e) => e.type === "customer.subscription.updated")!;
    expect(updated.data.previous_attributes).toMatchObject({ status: "trialing" });
    expect(types.lastIndexOf("invoice.paid")).toBeGreaterThan(types.indexOf("customer.subscription.updated"));
  });

  it("trial end without a card follows trial_settings: create_invoice → past_due with an open invoice", async () => {
    const { clock, customer } = await clockCustomer();
    const sub = await trial(customer.id, "create_invoice");
    await advance(clock.id, T0 + 15 * DAY);
    const after = await t.stripe.subscriptions.retrieve(sub.id, { expand: ["latest_invoice", "customer"] });
    expect(after.status).toBe("past_due");
    expect(after.latest_invoice).toMatchObject({
      status: "open",
      amount_due: 2900,
      amount_paid: 0,
      attempt_count: 1,
    });
    expect((after.latest_invoice as Stripe.Invoice).next_payment_attempt).toBe(
      T0 + 14 * DAY + 3600 + 3 * DAY,
    );
    expect((after.customer as Stripe.Customer).delinquent).toBe(true);
    const types = t.sandbox.control.events().map((e) => e.type);
    expect(types).toContain("invoice.payment_failed");

    // paying later with a card brings it back to active
    await t.stripe.paymentMethods.attach("pm_card_visa", { customer: customer.id });
    const pm = (await t.stripe.customers.listPaymentMethods(customer.id)).data[0]!;
    const paid = await t.stripe.invoices.pay((after.latest_invoice as Stripe.Invoice).id, {
      payment_method: pm.id,
    });
    expect(paid.status).toBe("paid");
    expect((await t.stripe.subscriptions.retrieve(sub.id)).status).toBe("active");
  });

  it("trial end without a card: cancel → canceled, pause → paused (and resumes once a card is added)", async () => {
    const { clock, customer } = await clockCustomer();
    const canceling = await trial(customer.id, "cancel");
    const pausing = await trial(customer.id, "pause");
    await advance(clock.id, T0 + 14 * DAY + 60);
    const canceled = await t.stripe.subscriptions.retrieve(canceling.id);
    expect(canceled).toMatchObject({
      status: "canceled",
      ended_at: T0 + 14 * DAY,
      canceled_at: T0 + 14 * DAY,
    });
    const paused = await t.stripe.subscriptions.retrieve(pausing.id);
    expect(paused.status).toBe("paused");
    expect(paused.status_details?.paused?.subscription.type).toBe("trial_end_without_payment_method");
    const types = t.sandbox.control.events().map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining(["customer.subscription.deleted", "customer.subscription.paused"]),
    );

    // a paused subscription makes no invoices while time passes
    await advance(clock.id, T0 + 40 * DAY);
    expect((await t.stripe.invoices.list({ subscription: pausing.id })).data).toHaveLength(1);

    const pm = await t.stripe.paymentMethods.attach("pm_card_visa", { customer: customer.id });
    await t.stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: pm.id } });
    const resumed = await t.stripe.subscriptions.resume(pausing.id, { expand: ["latest_invoice"] });
    expect(resumed.status).toBe("active");
    expect(resumed.latest_invoice).toMatchObject({ status: "paid", amount_paid: 2900 });
  });

  it("a failed renewal makes the subscription past_due, then retries; the declining card and forced failures", async () => {
    const { clock, customer } = await clockCustomer({
      payment_method: "pm_card_chargeCustomerFail",
      invoice_settings: { default_payment_method: "pm_card_chargeCustomerFail" },
    });
    const sub = await t.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: GROWTH }],
      trial_period_days: 3,
    });
    // a trial shorter than 3 days announces its end at once
    expect(t.sandbox.control.events({ type: "customer.subscription.trial_will_end" })).toHaveLength(1);
    await advance(clock.id, T0 + 4 * DAY);
    let current = await t.stripe.subscriptions.retrieve(sub.id, { expand: ["latest_invoice"] });
    expect(current.status).toBe("past_due");
    expect(current.latest_invoice).toMatchObject({ status: "open", attempt_count: 1 });
    const failed = t.sandbox.control.events({ type: "invoice.payment_failed" });
    expect(failed).toHaveLength(1);

    // retries after 3, 5 and 7 more days, then (default) the subscription is canceled
    await advance(clock.id, T0 + 30 * DAY);
    current = await t.stripe.subscriptions.retrieve(sub.id, { expand: ["latest_invoice"] });
    expect(current.latest_invoice).toMatchObject({ attempt_count: 4, next_payment_attempt: null });
    expect(current).toMatchObject({ status: "canceled", cancellation_details: { reason: "payment_failed" } });

    // a good card whose next renewal is forced to fail
    const second = await clockCustomer({
      payment_method: "pm_card_visa",
      invoice_settings: { default_payment_method: "pm_card_visa" },
    });
    const active = await t.stripe.subscriptions.create({
      customer: second.customer.id,
      items: [{ price: STARTER }],
    });
    expect(active.status).toBe("active");
    t.sandbox.control.failNextCharge(second.customer.id, { decline_code: "insufficient_funds" });
    await advance(second.clock.id, active.items.data[0]!.current_period_end + 2 * 3600);
    const renewed = await t.stripe.subscriptions.retrieve(active.id, { expand: ["latest_invoice"] });
    expect(renewed.status).toBe("past_due");
    // the retry three days later succeeds with the same card
    await advance(second.clock.id, renewed.items.data[0]!.current_period_start + 3 * DAY + 2 * 3600);
    const recovered = await t.stripe.subscriptions.retrieve(active.id, { expand: ["latest_invoice"] });
    expect(recovered.status).toBe("active");
    expect(recovered.latest_invoice).toMatchObject({ status: "paid", attempt_count: 2 });
  });

  it("ends a trial now with trial_end=now and charges at once", async () => {
    const { customer } = await clockCustomer({
      payment_method: "pm_card_visa",
      invoice_settings: { default_payment_method: "pm_card_visa" },
    });
    const sub = await trial(customer.id);
    const ended = await t.stripe.subscriptions.update(sub.id, {
      trial_end: "now",
      expand: ["latest_invoice"],
    });
    expect(ended.status).toBe("active");
    expect(ended.trial_end).toBe(T0);
    expect(ended.latest_invoice).toMatchObject({
      status: "paid",
      amount_paid: 2900,
      billing_reason: "subscription_update",
    });
  });
});
