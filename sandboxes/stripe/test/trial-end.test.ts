/** A trial's end on a test clock: with a card, without one (trial_settings), and trial_end=now. */
import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { advance, clockCustomer, DAY, STARTER, T0, trial, useSandbox } from "./helpers.ts";

const t = useSandbox();

describe("test clocks", () => {
  it("trial end with a card: active, and the first period's invoice is paid an hour later", async () => {
    const { clock, customer } = await clockCustomer(t, {
      payment_method: "pm_card_visa",
      invoice_settings: { default_payment_method: "pm_card_visa" },
    });
    const sub = await trial(t, customer.id);
    await advance(t, clock.id, T0 + 14 * DAY);
    const atEnd = await t.stripe.subscriptions.retrieve(sub.id, { expand: ["latest_invoice"] });
    expect(atEnd.status).toBe("active");
    expect(atEnd.latest_invoice).toMatchObject({
      status: "draft",
      amount_due: 2900,
      billing_reason: "subscription_cycle",
    });

    await advance(t, clock.id, T0 + 15 * DAY);
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
    await advance(t, clock.id, item.current_period_end + 2 * 3600);
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
    const { clock, customer } = await clockCustomer(t);
    const sub = await trial(t, customer.id, "create_invoice");
    await advance(t, clock.id, T0 + 15 * DAY);
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
    const { clock, customer } = await clockCustomer(t);
    const canceling = await trial(t, customer.id, "cancel");
    const pausing = await trial(t, customer.id, "pause");
    await advance(t, clock.id, T0 + 14 * DAY + 60);
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
    await advance(t, clock.id, T0 + 40 * DAY);
    expect((await t.stripe.invoices.list({ subscription: pausing.id })).data).toHaveLength(1);

    const pm = await t.stripe.paymentMethods.attach("pm_card_visa", { customer: customer.id });
    await t.stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: pm.id } });
    const resumed = await t.stripe.subscriptions.resume(pausing.id, { expand: ["latest_invoice"] });
    expect(resumed.status).toBe("active");
    expect(resumed.latest_invoice).toMatchObject({ status: "paid", amount_paid: 2900 });
  });
  it("ends a trial now with trial_end=now and charges at once", async () => {
    const { customer } = await clockCustomer(t, {
      payment_method: "pm_card_visa",
      invoice_settings: { default_payment_method: "pm_card_visa" },
    });
    const sub = await trial(t, customer.id);
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
