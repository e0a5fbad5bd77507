import { describe, expect, it } from "vitest";
import { SEED, startStripeSandbox } from "../src/index.ts";
import { DAY, useSandbox } from "./helpers.ts";

const t = useSandbox();

async function control(method: string, path: string, body?: unknown) {
  const res = await fetch(`${t.sandbox.controlUrl}${path}`, {
    method,
    ...(body !== undefined
      ? { body: JSON.stringify(body), headers: { "content-type": "application/json" } }
      : {}),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { data?: unknown[] } };
}

describe("control API", () => {
  it("lists its routes, advances test clocks, lists events, resets", async () => {
    expect((await control("GET", "")).body.routes).toContain("POST /_sandbox/reset");
    const clock = await t.stripe.testHelpers.testClocks.create({ frozen_time: 1_780_000_000 });
    const customer = await t.stripe.customers.create({ test_clock: clock.id });
    const sub = await t.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: SEED.prices.starter.id }],
      trial_period_days: 14,
      trial_settings: { end_behavior: { missing_payment_method: "cancel" } },
    });
    const advanced = await control("POST", `/test_clocks/${clock.id}/advance`, { days: 15 });
    expect(advanced.status).toBe(200);
    expect(advanced.body).toMatchObject({
      id: clock.id,
      status: "ready",
      frozen_time: 1_780_000_000 + 15 * DAY,
    });
    expect((await t.stripe.testHelpers.testClocks.retrieve(clock.id)).status).toBe("ready");
    expect((await t.stripe.subscriptions.retrieve(sub.id)).status).toBe("canceled");

    const deleted = await control("GET", "/events?type=customer.subscription.deleted");
    expect(deleted.body.data).toHaveLength(1);
    const all = await control("GET", "/events");
    expect((all.body.data as { type: string }[])[0]!.type).toBe("test_helpers.test_clock.created");

    expect((await control("POST", "/test_clocks/clock_nope/advance", { days: 1 })).status).toBe(404);
    expect((await control("POST", `/test_clocks/${clock.id}/advance`, { days: -1 })).status).toBe(400);
    expect((await control("POST", `/test_clocks/${clock.id}/advance`, { days: 800 })).status).toBe(400); // two years without a live subscription

    expect((await control("POST", "/reset")).status).toBe(200);
    expect((await t.stripe.customers.list({ test_clock: clock.id })).data).toEqual([]);
    expect((await control("GET", "/events")).body.data).toEqual([]);
    expect((await t.stripe.prices.list()).data).toHaveLength(2);
  });

  it("moves the sandbox clock for objects without a test clock", async () => {
    const customer = await t.stripe.customers.create({});
    const sub = await t.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: SEED.prices.growth.id }],
      trial_period_days: 14,
    });
    const before = (await control("GET", "/time")).body.now as number;
    const moved = await control("POST", "/time/advance", { days: 15 });
    expect(moved.body.now as number).toBeGreaterThanOrEqual(before + 15 * DAY);
    const after = await t.stripe.subscriptions.retrieve(sub.id, { expand: ["latest_invoice"] });
    expect(after.status).toBe("past_due");
    expect(after.latest_invoice).toMatchObject({ status: "open", amount_due: 7900 });
  });

  it("forces the next renewal of a customer to fail", async () => {
    const customer = await t.stripe.customers.create({
      payment_method: "pm_card_visa",
      invoice_settings: { default_payment_method: "pm_card_visa" },
    });
    const sub = await t.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: SEED.prices.starter.id }],
    });
    const forced = await control("POST", `/customers/${customer.id}/fail_next_charge`, {
      decline_code: "insufficient_funds",
    });
    expect(forced.status).toBe(200);
    await control("POST", "/time/advance", { days: 32 });
    const after = await t.stripe.subscriptions.retrieve(sub.id);
    expect(after.status).toBe("past_due");
    const failed = t.sandbox.control.events({ type: "invoice.payment_failed" });
    expect(failed).toHaveLength(1);
    expect((await control("POST", "/customers/cus_nope/fail_next_charge", {})).status).toBe(404);
    expect(
      (await control("POST", `/customers/${customer.id}/fail_next_charge`, { decline_code: "x" })).status,
    ).toBe(400);
    const portal = await control("POST", `/customers/${customer.id}/portal_session`, {
      return_url: "http://localhost/x",
    });
    expect(portal.body.url).toMatch(/\/p\/session\/test_/);
  });

  it("takes a clock and a secret key as options", async () => {
    let now = Date.UTC(2030, 0, 1);
    const sandbox = await startStripeSandbox({ port: 0, secretKey: "sk_test_custom", now: () => now });
    try {
      const res = await fetch(`${sandbox.baseUrl}/v1/customers`, {
        method: "POST",
        headers: { authorization: "Bearer sk_test_custom" },
      });
      const customer = (await res.json()) as { created: number };
      expect(customer.created).toBe(Date.UTC(2030, 0, 1) / 1000);
      now += 1000;
      expect(sandbox.control.now().now).toBe(Date.UTC(2030, 0, 1) / 1000 + 1);
      const basic = await fetch(`${sandbox.baseUrl}/v1/customers`, {
        headers: { authorization: `Basic ${Buffer.from("sk_test_custom:").toString("base64")}` },
      });
      expect(basic.status).toBe(200);
    } finally {
      await sandbox.close();
    }
  });
});
