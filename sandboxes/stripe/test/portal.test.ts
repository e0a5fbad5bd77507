import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { SEED } from "../src/index.ts";
import { DAY, postForm, T0, useSandbox } from "./helpers.ts";

const t = useSandbox();

const RETURN_URL = "http://localhost:5173/billing";

async function setup(behavior: "create_invoice" | "cancel" = "create_invoice") {
  const clock = await t.stripe.testHelpers.testClocks.create({ frozen_time: T0 });
  const customer = await t.stripe.customers.create({ email: "owner@example.com", test_clock: clock.id });
  const sub = await t.stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: SEED.prices.starter.id }],
    trial_period_days: 14,
    trial_settings: { end_behavior: { missing_payment_method: behavior } },
  });
  const session = await t.stripe.billingPortal.sessions.create({
    customer: customer.id,
    return_url: RETURN_URL,
  });
  return { clock, customer, sub, session };
}

async function html(url: string): Promise<string> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return res.text();
}

function card(number: string) {
  return {
    card_number: number,
    card_expiry: "12 / 34",
    card_cvc: "123",
    card_name: "Ada Owner",
    postal_code: "94107",
  };
}

describe("billing portal", () => {
  it("creates a session whose url is the sandbox's portal page for the customer", async () => {
    const { customer, session } = await setup();
    expect(session).toMatchObject({
      object: "billing_portal.session",
      customer: customer.id,
      return_url: RETURN_URL,
      livemode: false,
      flow: null,
      locale: null,
      on_behalf_of: null,
    });
    expect(session.id).toMatch(/^bps_/);
    expect(session.configuration).toMatch(/^bpc_/);
    expect(session.url).toMatch(new RegExp(`^${t.sandbox.baseUrl}/p/session/test_[A-Za-z0-9]+$`));
    const config = await t.stripe.billingPortal.configurations.retrieve(session.configuration as string);
    expect(config.features.subscription_update.products?.map((p) => p.product)).toEqual([
      "prod_starter",
      "prod_growth",
    ]);

    const missing = await t.stripe.billingPortal.sessions
      .create({ customer: "cus_nobody" })
      .catch((e: unknown) => e);
    expect(missing).toMatchObject({ statusCode: 400, param: "customer" });
  });

  it("serves an accessible page without scripts under a strict CSP, with a way back", async () => {
    const { session } = await setup();
    const res = await fetch(session.url);
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(res.headers.get("content-security-policy")).not.toContain("unsafe-inline");
    const page = await res.text();
    expect(page).not.toMatch(/<script|\son[a-z]+=|style=/i);
    expect(page).toContain("Starter");
    expect(page).toContain("Your trial ends on June 11, 2026.");
    expect(page).toContain("Add a card before then to keep your plan.");
    expect(page).toContain(`<a class="back" href="${RETURN_URL}">`);
    // every visible input has a label
    const inputs = [...page.matchAll(/<input([^>]*)>/g)]
      .map((m) => m[1]!)
      .filter((a) => !a.includes('type="hidden"'));
    expect(inputs.length).toBeGreaterThanOrEqual(7);
    for (const attrs of inputs) {
      const id = /id="([^"]+)"/.exec(attrs)?.[1];
      expect(id, attrs).toBeTruthy();
      expect(page).toContain(`<label for="${id}">`);
    }
    const css = await fetch(`${t.sandbox.baseUrl}/assets/sandbox.css`);
    expect(css.headers.get("content-type")).toContain("text/css");
    expect((await fetch(`${t.sandbox.baseUrl}/p/session/test_nope`)).status).toBe(404);
  });

  it("declines 4000 0000 0000 0002 with a visible message, saves 4242 4242 4242 4242 as the default", async () => {
    const { customer, session } = await setup();
    const declined = await postForm(`${session.url}/payment_method`, card("4000 0000 0000 0002"));
    expect(declined.status).toBe(402);
    const page = await declined.text();
    expect(page).toContain(
      '<p class="notice error" role="alert" id="card-error">Your card was declined.</p>',
    );
    expect(page).toMatch(/id="card-number"[^>]*aria-invalid="true"/);
    expect((await t.stripe.customers.listPaymentMethods(customer.id)).data).toEqual([]);

    const invalid = await postForm(`${session.url}/payment_method`, card("4242 4242 4242 4241"));
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain("Your card number is invalid.");

    const added = await postForm(`${session.url}/payment_method`, card("4242 4242 4242 4242"));
    expect(added.status).toBe(303);
    expect(added.headers.get("location")).toBe(new URL(session.url).pathname);
    const after = await html(session.url);
    expect(after).toContain("Card ending in 4242 added.");
    expect(after).toContain("Visa •••• 4242");
    const updated = await t.stripe.customers.retrieve(customer.id, {
      expand: ["invoice_settings.default_payment_method"],
    });
    const pm = (updated as Stripe.Customer).invoice_settings.default_payment_method as Stripe.PaymentMethod;
    expect(pm.card).toMatchObject({ last4: "4242", brand: "visa", exp_month: 12, exp_year: 2034 });
    expect(pm.billing_details.name).toBe("Ada Owner");
    // the notice shows once
    expect(await html(session.url)).not.toContain("Card ending in 4242 added.");
  });

  it("switches plan, cancels at period end, renews, and cancels now", async () => {
    const { sub, session } = await setup();
    const base = `${session.url}/subscriptions/${sub.id}`;
    const switched = await postForm(`${base}/plan`, { price: SEED.prices.growth.id });
    expect(switched.status).toBe(303);
    expect((await t.stripe.subscriptions.retrieve(sub.id)).items.data[0]!.price.id).toBe(
      SEED.prices.growth.id,
    );
    expect(await html(session.url)).toContain("Your plan was changed to Growth.");
    expect((await postForm(`${base}/plan`, { price: "price_elsewhere" })).status).toBe(400);

    await postForm(`${base}/cancel`, { when: "period_end" });
    let current = await t.stripe.subscriptions.retrieve(sub.id);
    expect(current).toMatchObject({
      cancel_at_period_end: true,
      cancel_at: sub.trial_end,
      status: "trialing",
    });
    expect(await html(session.url)).toContain("Your plan will be canceled on June 11, 2026.");

    await postForm(`${base}/renew`, {});
    current = await t.stripe.subscriptions.retrieve(sub.id);
    expect(current).toMatchObject({ cancel_at_period_end: false, cancel_at: null });

    await postForm(`${base}/cancel`, { when: "now" });
    current = await t.stripe.subscriptions.retrieve(sub.id);
    expect(current.status).toBe("canceled");
    const page = await html(session.url);
    expect(page).toContain("Your plan was canceled.");
    expect(page).not.toContain("/cancel");

    const types = t.sandbox.control.events().map((e) => e.type);
    expect(types.filter((x) => x === "customer.subscription.updated")).toHaveLength(3);
    expect(types).toContain("customer.subscription.deleted");
  });

  it("adding a card to a past-due subscription pays the open invoice", async () => {
    const { clock, customer, sub, session } = await setup("create_invoice");
    await t.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: T0 + 15 * DAY });
    expect((await t.stripe.subscriptions.retrieve(sub.id)).status).toBe("past_due");
    expect(await html(session.url)).toContain("Your last payment failed.");
    // 0341 saves, then fails to pay
    const failing = await postForm(`${session.url}/payment_method`, card("4000000000000341"));
    expect(failing.status).toBe(402);
    expect(await failing.text()).toContain(
      "was saved, but paying your outstanding invoice failed: Your card was declined.",
    );
    const ok = await postForm(`${session.url}/payment_method`, card("5555 5555 5555 4444"));
    expect(ok.status).toBe(303);
    expect(await html(session.url)).toContain("and your outstanding invoice was paid.");
    const after = await t.stripe.subscriptions.retrieve(sub.id, { expand: ["latest_invoice"] });
    expect(after.status).toBe("active");
    expect(after.latest_invoice).toMatchObject({ status: "paid", amount_paid: 2900 });
    expect((await t.stripe.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({
      delinquent: false,
    });
  });

  it("follows a flow's after_completion redirect", async () => {
    const { customer, sub } = await setup();
    const session = await t.stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: RETURN_URL,
      flow_data: {
        type: "subscription_cancel",
        subscription_cancel: { subscription: sub.id },
        after_completion: { type: "redirect", redirect: { return_url: `${RETURN_URL}?canceled=1` } },
      },
    });
    expect(session.flow).toMatchObject({
      type: "subscription_cancel",
      subscription_cancel: { subscription: sub.id },
    });
    // browsers check form-action on the redirect after a post, so the policy names the app's origin
    const page = await fetch(session.url);
    expect(page.headers.get("content-security-policy")).toContain(
      "form-action 'self' http://localhost:5173;",
    );
    const res = await postForm(`${session.url}/subscriptions/${sub.id}/cancel`, { when: "period_end" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${RETURN_URL}?canceled=1`);
  });

  it("portalUrl opens a session for a customer; the home page lists customers", async () => {
    const { customer } = await setup();
    const url = t.sandbox.portalUrl(customer.id, RETURN_URL);
    expect(await html(url)).toContain("owner@example.com");
    const home = await html(t.sandbox.portalUrl());
    expect(home).toContain(customer.id);
    const opened = await postForm(`${t.sandbox.baseUrl}/portal/customers/${customer.id}`, {});
    expect(opened.status).toBe(303);
    expect(opened.headers.get("location")).toMatch(/^\/p\/session\/test_/);
  });

  it("moves a customer's test clock from the portal page and the home page (sandbox controls)", async () => {
    const { clock, customer, sub, session } = await setup("cancel");
    const page = await html(session.url);
    expect(page).toContain("Sandbox: test clock");
    for (const label of ["Advance clock 1 day", "Advance clock 15 days", "Advance clock 31 days"])
      expect(page).toContain(`>${label}</button>`);

    const moved = await postForm(`${session.url}/test_clock/advance`, { days: "15" });
    expect(moved.status).toBe(303);
    expect((await t.stripe.testHelpers.testClocks.retrieve(clock.id)).frozen_time).toBe(T0 + 15 * DAY);
    // the trial (14 days, no card, end behaviour cancel) ended on the way
    expect((await t.stripe.subscriptions.retrieve(sub.id)).status).toBe("canceled");
    expect(await html(session.url)).toContain("The test clock moved 15 days forward, to June 12, 2026.");

    const refused = await postForm(`${session.url}/test_clock/advance`, { days: "0" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Choose a number of days from 1 to 366.");

    const home = await html(t.sandbox.portalUrl());
    expect(home).toContain(`action="/test_clocks/${clock.id}/advance"`);
    const fromHome = await postForm(`${t.sandbox.baseUrl}/test_clocks/${clock.id}/advance`, { days: "15" });
    expect(fromHome.status).toBe(303);
    expect((await t.stripe.testHelpers.testClocks.retrieve(clock.id)).frozen_time).toBe(T0 + 30 * DAY);
    expect(customer.test_clock).toBe(clock.id);
  });
});
