import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SEED, signatureHeader } from "../src/index.ts";
import { type Receiver, receiver, start, type TestSandbox } from "./helpers.ts";

const SECRET = "whsec_test_secret_for_the_sandbox";
let hook: Receiver;
let t: TestSandbox;

beforeAll(async () => {
  hook = await receiver();
});
afterAll(() => hook.close());
afterEach(async () => {
  await t?.sandbox.close();
  hook.received.length = 0;
  hook.fail = 0;
});

describe("webhooks", () => {
  it("signs events so that stripe.webhooks.constructEvent accepts them", async () => {
    t = await start({ webhook: { url: hook.url, secret: SECRET } });
    expect(t.sandbox.webhookSecret).toBe(SECRET);
    const customer = await t.stripe.customers.create(
      { email: "hook@example.com" },
      { idempotencyKey: "create-hook-customer" },
    );
    const sub = await t.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: SEED.prices.starter.id }],
      trial_period_days: 14,
    });
    await t.sandbox.control.flushWebhooks();
    expect(hook.received.length).toBeGreaterThanOrEqual(6);
    for (const r of hook.received) {
      expect(r.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(r.headers["user-agent"]).toMatch(/^Stripe\/1\.0/);
      const event = t.stripe.webhooks.constructEvent(r.body, r.headers["stripe-signature"] as string, SECRET);
      expect(event.object).toBe("event");
    }
    const events = hook.received.map((r) =>
      t.stripe.webhooks.constructEvent(r.body, r.headers["stripe-signature"] as string, SECRET),
    );
    const created = events.find((e) => e.type === "customer.created")!;
    expect(created).toMatchObject({
      api_version: "2026-10-28.endive",
      livemode: false,
      pending_webhooks: 1,
      request: { idempotency_key: "create-hook-customer" },
      data: { object: { id: customer.id, object: "customer", email: "hook@example.com" } },
    });
    expect(created.id).toMatch(/^evt_/);
    expect(created.request?.id).toMatch(/^req_/);
    const subCreated = events.find((e) => e.type === "customer.subscription.created")!;
    expect((subCreated.data.object as Stripe.Subscription).id).toBe(sub.id);
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining([
        "invoice.created",
        "invoice.finalized",
        "invoice.paid",
        "invoice.payment_succeeded",
      ]),
    );

    // a wrong secret or an edited body fails verification
    const first = hook.received[0]!;
    expect(() =>
      t.stripe.webhooks.constructEvent(
        first.body,
        first.headers["stripe-signature"] as string,
        "whsec_other",
      ),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
    expect(() =>
      t.stripe.webhooks.constructEvent(`${first.body} `, first.headers["stripe-signature"] as string, SECRET),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
    // the header is what the SDK's own test helper produces
    const ts = Number(/t=(\d+)/.exec(first.headers["stripe-signature"] as string)![1]);
    expect(first.headers["stripe-signature"]).toBe(
      t.stripe.webhooks.generateTestHeaderString({ payload: first.body, secret: SECRET, timestamp: ts }),
    );
    expect(signatureHeader(first.body, SECRET, ts)).toBe(first.headers["stripe-signature"]);

    // delivered events are no longer pending; GET /v1/events lists and retrieves them
    const listed = await t.stripe.events.list({ type: "customer.created" });
    expect(listed.data.map((e) => e.id)).toEqual([created.id]);
    expect(listed.data[0]!.pending_webhooks).toBe(0);
    const one = await t.stripe.events.retrieve(created.id);
    expect(one.data.object).toMatchObject({ id: customer.id });
    const wildcard = await t.stripe.events.list({ type: "invoice.*", limit: 100 });
    expect(wildcard.data.every((e) => e.type.startsWith("invoice."))).toBe(true);
    const delivered = await t.stripe.events.list({ delivery_success: true, limit: 100 });
    expect(delivered.data.length).toBe(hook.received.length);
  });

  it("retries a failing endpoint with backoff until it answers 2xx", async () => {
    t = await start({ webhook: { url: hook.url, secret: SECRET, retryDelaysMs: [20, 40, 80] } });
    hook.fail = 2;
    const customer = await t.stripe.customers.create({ email: "retry@example.com" });
    const deliveries = await t.sandbox.control.flushWebhooks();
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({
      state: "delivered",
      attempts: 3,
      status: 200,
      type: "customer.created",
    });
    expect(hook.received).toHaveLength(3);
    const ids = hook.events().map((e) => e.id);
    expect(new Set(ids).size).toBe(1);
    expect(hook.events()[0]!.data.object.id).toBe(customer.id);
    // each attempt is signed afresh
    for (const r of hook.received)
      t.stripe.webhooks.constructEvent(r.body, r.headers["stripe-signature"] as string, SECRET);

    // an endpoint that never recovers: given up after the retries, listed as failed
    hook.fail = 100;
    const failing = await t.stripe.customers.create({ email: "never@example.com" });
    const all = await t.sandbox.control.flushWebhooks();
    expect(all[1]).toMatchObject({ state: "failed", attempts: 4, status: 500 });
    const failed = await t.stripe.events.list({ delivery_success: false });
    expect(failed.data.map((e) => (e.data.object as Stripe.Customer).id)).toEqual([failing.id]);
    expect(failed.data[0]!.pending_webhooks).toBe(1);
  });

  it("in chaos mode delivers every event twice and out of order", async () => {
    t = await start({ webhook: { url: hook.url, secret: SECRET, chaos: { seed: 7, batchMs: 300 } } });
    await t.stripe.customers.create({ email: "a@example.com" });
    await t.stripe.customers.create({ email: "b@example.com" });
    const customer = await t.stripe.customers.create({ email: "c@example.com" });
    await t.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: SEED.prices.starter.id }],
      trial_period_days: 14,
    });
    const deliveries = await t.sandbox.control.flushWebhooks();
    const events = t.sandbox.control.events();
    expect(deliveries).toHaveLength(events.length * 2);
    expect(deliveries.filter((d) => d.duplicate)).toHaveLength(events.length);
    const arrived = hook.events().map((e) => e.id);
    const counts = new Map<string, number>();
    for (const id of arrived) counts.set(id, (counts.get(id) ?? 0) + 1);
    expect([...counts.values()].every((n) => n === 2)).toBe(true);
    const firstArrivals = arrived.filter((id, i) => arrived.indexOf(id) === i);
    expect(firstArrivals).not.toEqual(events.map((e) => e.id));
  });

  it("redelivers an event on request, and can be configured at run time", async () => {
    t = await start();
    expect(t.sandbox.webhookSecret).toBeUndefined();
    await t.stripe.customers.create({ email: "quiet@example.com" });
    const res = await fetch(`${t.sandbox.controlUrl}/webhook`, {
      method: "PUT",
      body: JSON.stringify({ url: hook.url, secret: SECRET }),
    });
    expect(res.status).toBe(200);
    const event = t.sandbox.control.events({ type: "customer.created" })[0]!;
    const again = await fetch(`${t.sandbox.controlUrl}/events/${event.id}/redeliver`, { method: "POST" });
    expect(again.status).toBe(200);
    await t.sandbox.control.flushWebhooks();
    expect(hook.events().map((e) => e.id)).toEqual([event.id]);
    const bad = await fetch(`${t.sandbox.controlUrl}/webhook`, {
      method: "PUT",
      body: JSON.stringify({ url: hook.url, secret: "nope" }),
    });
    expect(bad.status).toBe(400);
  });
});
