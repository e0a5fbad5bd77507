import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { SEED } from "../src/index.ts";
import { useSandbox } from "./helpers.ts";

const t = useSandbox();

describe("customers", () => {
  it("creates, retrieves, updates and lists by email", async () => {
    const created = await t.stripe.customers.create({
      email: "ada@example.com",
      name: "Ada",
      metadata: { company_id: "c1" },
    });
    expect(created).toMatchObject({
      object: "customer",
      email: "ada@example.com",
      name: "Ada",
      livemode: false,
      metadata: { company_id: "c1" },
      invoice_settings: { default_payment_method: null },
      test_clock: null,
      delinquent: false,
    });
    expect(created.id).toMatch(/^cus_[A-Za-z0-9]{14}$/);
    expect(created.lastResponse.requestId).toMatch(/^req_/);

    const updated = await t.stripe.customers.update(created.id, {
      name: "Ada L.",
      metadata: { company_id: "" },
    });
    expect(updated.name).toBe("Ada L.");
    expect(updated.metadata).toEqual({});

    await t.stripe.customers.create({ email: "other@example.com" });
    const found = await t.stripe.customers.list({ email: "ada@example.com" });
    expect(found.object).toBe("list");
    expect(found.url).toBe("/v1/customers");
    expect(found.data.map((c) => c.id)).toEqual([created.id]);

    const retrieved = await t.stripe.customers.retrieve(created.id);
    expect(retrieved).toMatchObject({ id: created.id, name: "Ada L." });

    const deleted = await t.stripe.customers.del(created.id);
    expect(deleted).toMatchObject({ id: created.id, object: "customer", deleted: true });
    const gone = await t.stripe.customers.retrieve(created.id);
    expect(gone.deleted).toBe(true);
  });

  it("pages lists newest first with has_more and starting_after, as auto-pagination uses", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 25; i++)
      ids.push((await t.stripe.customers.create({ email: `c${i}@example.com` })).id);
    const first = await t.stripe.customers.list({ limit: 10 });
    expect(first.data.map((c) => c.id)).toEqual(ids.slice(-10).reverse());
    expect(first.has_more).toBe(true);
    const second = await t.stripe.customers.list({ limit: 10, starting_after: first.data.at(-1)!.id });
    expect(second.data.map((c) => c.id)).toEqual(ids.slice(5, 15).reverse());
    const before = await t.stripe.customers.list({ limit: 3, ending_before: second.data[0]!.id });
    expect(before.data.map((c) => c.id)).toEqual(ids.slice(15, 18).reverse());
    expect(before.has_more).toBe(true);

    const all = await t.stripe.customers.list({ limit: 7 }).autoPagingToArray({ limit: 100 });
    expect(all.map((c) => c.id)).toEqual([...ids].reverse());
  });

  it("answers Stripe's error shapes and statuses", async () => {
    const missing = await t.stripe.customers.retrieve("cus_missing").catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({
      statusCode: 404,
      type: "StripeInvalidRequestError",
      code: "resource_missing",
      param: "id",
      message: "No such customer: 'cus_missing'",
    });
    expect((missing as Stripe.errors.StripeError).requestId).toMatch(/^req_/);

    const unknown = await t.stripe.customers
      .create({ email: "x@example.com", nope: "1" } as Stripe.CustomerCreateParams)
      .catch((e: unknown) => e);
    expect(unknown).toMatchObject({ statusCode: 400, code: "parameter_unknown", param: "nope" });

    const wrongKey = new Stripe("sk_test_wrong_key_123456789", {
      ...t.sandbox.stripeConfig,
      maxNetworkRetries: 0,
    });
    const denied = await wrongKey.customers.list().catch((e: unknown) => e);
    expect(denied).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect((denied as Error).message).toBe("Invalid API Key provided: sk_test_***************6789");

    const noKey = await fetch(`${t.sandbox.baseUrl}/v1/customers`);
    expect(noKey.status).toBe(401);
    expect(noKey.headers.get("request-id")).toMatch(/^req_/);
    const body = (await noKey.json()) as { error: { type: string; message: string } };
    expect(body.error.type).toBe("invalid_request_error");
    expect(body.error.message).toMatch(/^You did not provide an API key/);

    const unrecognized = await fetch(`${t.sandbox.baseUrl}/v1/nothing_here`, {
      headers: { authorization: `Bearer ${t.sandbox.secretKey}` },
    });
    expect(unrecognized.status).toBe(404);
    expect(((await unrecognized.json()) as { error: { message: string } }).error.message).toMatch(
      /^Unrecognized request URL \(GET: \/v1\/nothing_here\)/,
    );
  });
});

describe("products and prices", () => {
  it("seeds Starter and Growth with stable ids, lookup keys and invoice limits", async () => {
    const prices = await t.stripe.prices.list({
      lookup_keys: ["starter_monthly", "growth_monthly"],
      expand: ["data.product"],
    });
    const byKey = Object.fromEntries(prices.data.map((p) => [p.lookup_key, p]));
    expect(byKey.starter_monthly).toMatchObject({
      id: SEED.prices.starter.id,
      object: "price",
      currency: "usd",
      unit_amount: 2900,
      type: "recurring",
      recurring: { interval: "month", interval_count: 1, usage_type: "licensed" },
      active: true,
    });
    expect(String(byKey.starter_monthly!.unit_amount_decimal)).toBe("2900");
    expect(byKey.starter_monthly!.product).toMatchObject({
      id: "prod_starter",
      object: "product",
      name: "Starter",
      metadata: { invoice_limit: "100" },
      default_price: SEED.prices.starter.id,
    });
    expect(byKey.growth_monthly).toMatchObject({ unit_amount: 7900, metadata: { invoice_limit: "1000" } });
    expect((byKey.growth_monthly!.product as Stripe.Product).name).toBe("Growth");

    const price = await t.stripe.prices.retrieve(SEED.prices.growth.id, { expand: ["product"] });
    expect((price.product as Stripe.Product).metadata.invoice_limit).toBe("1000");
    const products = await t.stripe.products.list({ active: true });
    expect(products.data.map((p) => p.name).sort()).toEqual(["Growth", "Starter"]);
  });

  it("creates products and prices, and refuses a taken lookup key", async () => {
    const product = await t.stripe.products.create({
      name: "Scale",
      default_price_data: { currency: "usd", unit_amount: 19900, recurring: { interval: "month" } },
    });
    expect(product.default_price).toMatch(/^price_/);
    const taken = await t.stripe.prices
      .create({ product: product.id, currency: "usd", unit_amount: 100, lookup_key: "starter_monthly" })
      .catch((e: unknown) => e);
    expect(taken).toMatchObject({ statusCode: 400, param: "lookup_key" });
    const bad = await t.stripe.prices
      .retrieve("price_nope", { expand: ["product"] })
      .catch((e: unknown) => e);
    expect(bad).toMatchObject({ statusCode: 404, code: "resource_missing" });
    const notExpandable = await t.stripe.prices
      .retrieve(SEED.prices.starter.id, { expand: ["currency"] })
      .catch((e: unknown) => e);
    expect(notExpandable).toMatchObject({ statusCode: 400, param: "expand" });
  });
});
