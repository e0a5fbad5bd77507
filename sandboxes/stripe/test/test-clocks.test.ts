/** Test clocks: time on a clock, advancing it, and failed renewals retried as it moves. */
import { describe, expect, it } from "vitest";
import { advance, clockCustomer, DAY, GROWTH, STARTER, T0, trial, useSandbox } from "./helpers.ts";

const t = useSandbox();

describe("test clocks", () => {
  it("creates a clock; its customers and subscriptions live at its time; advancing reports advancing, then ready", async () => {
    const { clock, customer } = await clockCustomer(t);
    expect(clock).toMatchObject({
      object: "test_helpers.test_clock",
      frozen_time: T0,
      status: "ready",
      name: "trial",
    });
    expect(customer.created).toBe(T0);
    expect(customer.test_clock).toBe(clock.id);
    const sub = await trial(t, customer.id);
    expect(sub.trial_start).toBe(T0);
    expect(sub.test_clock).toBe(clock.id);
    // subscriptions and customers on a clock are listed only when asking for them
    expect((await t.stripe.customers.list()).data).toEqual([]);
    expect((await t.stripe.customers.list({ test_clock: clock.id })).data.map((c) => c.id)).toEqual([
      customer.id,
    ]);
    expect((await t.stripe.subscriptions.list()).data).toEqual([]);
    expect((await t.stripe.subscriptions.list({ customer: customer.id })).data).toHaveLength(1);

    const ready = await advance(t, clock.id, T0 + DAY);
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
  it("a failed renewal makes the subscription past_due, then retries; the declining card and forced failures", async () => {
    const { clock, customer } = await clockCustomer(t, {
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
    await advance(t, clock.id, T0 + 4 * DAY);
    let current = await t.stripe.subscriptions.retrieve(sub.id, { expand: ["latest_invoice"] });
    expect(current.status).toBe("past_due");
    expect(current.latest_invoice).toMatchObject({ status: "open", attempt_count: 1 });
    const failed = t.sandbox.control.events({ type: "invoice.payment_failed" });
    expect(failed).toHaveLength(1);

    // retries after 3, 5 and 7 more days, then (default) the subscription is canceled
    await advance(t, clock.id, T0 + 30 * DAY);
    current = await t.stripe.subscriptions.retrieve(sub.id, { expand: ["latest_invoice"] });
    expect(current.latest_invoice).toMatchObject({ attempt_count: 4, next_payment_attempt: null });
    expect(current).toMatchObject({ status: "canceled", cancellation_details: { reason: "payment_failed" } });

    // a good card whose next renewal is forced to fail
    const second = await clockCustomer(t, {
      payment_method: "pm_card_visa",
      invoice_settings: { default_payment_method: "pm_card_visa" },
    });
    const active = await t.stripe.subscriptions.create({
      customer: second.customer.id,
      items: [{ price: STARTER }],
    });
    expect(active.status).toBe("active");
    t.sandbox.control.failNextCharge(second.customer.id, { decline_code: "insufficient_funds" });
    await advance(t, second.clock.id, active.items.data[0]!.current_period_end + 2 * 3600);
    const renewed = await t.stripe.subscriptions.retrieve(active.id, { expand: ["latest_invoice"] });
    expect(renewed.status).toBe("past_due");
    // the retry three days later succeeds with the same card
    await advance(t, second.clock.id, renewed.items.data[0]!.current_period_start + 3 * DAY + 2 * 3600);
    const recovered = await t.stripe.subscriptions.retrieve(active.id, { expand: ["latest_invoice"] });
    expect(recovered.status).toBe("active");
    expect(recovered.latest_invoice).toMatchObject({ status: "paid", attempt_count: 2 });
  });
});
