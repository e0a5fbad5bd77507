import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { useSandbox } from "./helpers.ts";

const t = useSandbox();

function post(path: string, body: string, key?: string) {
  return fetch(`${t.sandbox.baseUrl}${path}`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${t.sandbox.secretKey}`,
      "content-type": "application/x-www-form-urlencoded",
      ...(key ? { "idempotency-key": key } : {}),
    },
    body,
  });
}

describe("idempotency", () => {
  it("replays the first answer to a key", async () => {
    const first = await t.stripe.customers.create({ email: "once@example.com" }, { idempotencyKey: "key-1" });
    const second = await t.stripe.customers.create(
      { email: "once@example.com" },
      { idempotencyKey: "key-1" },
    );
    expect(second.id).toBe(first.id);
    expect(second.lastResponse.headers["idempotent-replayed"]).toBe("true");
    expect(second.lastResponse.headers["original-request"]).toBe(first.lastResponse.requestId);
    expect((await t.stripe.customers.list()).data).toHaveLength(1);
    expect(t.sandbox.control.events({ type: "customer.created" })).toHaveLength(1);

    const a = await post("/v1/customers", "email=raw%40example.com&metadata[a]=1", "raw-key");
    const b = await post("/v1/customers", "email=raw%40example.com&metadata[a]=1", "raw-key");
    expect(a.status).toBe(200);
    expect(b.headers.get("idempotent-replayed")).toBe("true");
    expect(b.headers.get("idempotency-key")).toBe("raw-key");
    expect(await b.text()).toBe(await a.text());
  });

  it("refuses a key reused with other parameters or on another endpoint", async () => {
    await t.stripe.customers.create({ email: "first@example.com" }, { idempotencyKey: "key-2" });
    const other = await t.stripe.customers
      .create({ email: "second@example.com" }, { idempotencyKey: "key-2" })
      .catch((e: unknown) => e);
    expect(other).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(other).toMatchObject({ statusCode: 400, rawType: "idempotency_error" });
    expect((other as Error).message).toMatch(
      /^Keys for idempotent requests can only be used with the same parameters/,
    );

    const elsewhere = await t.stripe.products
      .create({ name: "X" }, { idempotencyKey: "key-2" })
      .catch((e: unknown) => e);
    expect(elsewhere).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect((elsewhere as Error).message).toContain("'POST /v1/customers' vs 'POST /v1/products'");
  });

  it("keeps card errors but not validation failures", async () => {
    const customer = await t.stripe.customers.create({});
    const declined = await t.stripe.paymentMethods
      .attach("pm_card_chargeDeclined", { customer: customer.id }, { idempotencyKey: "attach-1" })
      .catch((e: unknown) => e);
    expect(declined).toMatchObject({ statusCode: 402, code: "card_declined" });
    const replay = await post(
      `/v1/payment_methods/pm_card_chargeDeclined/attach`,
      `customer=${customer.id}`,
      "attach-1",
    );
    expect(replay.status).toBe(402);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");

    const invalid = await post("/v1/customers", "bogus=1", "fix-1");
    expect(invalid.status).toBe(400);
    const fixed = await post("/v1/customers", "bogus=1", "fix-1");
    expect(fixed.headers.get("idempotent-replayed")).toBeNull();
  });

  it("the SDK keys every POST itself, and events carry the key", async () => {
    await t.stripe.customers.create({ email: "auto@example.com" });
    const [event] = t.sandbox.control.events({ type: "customer.created" });
    expect(event!.request?.idempotency_key).toMatch(/^stripe-node-retry-[0-9a-f-]{36}$/);
  });
});
