/**
 * The trial and the plans through their whole life, against the Stripe sandbox on a test clock:
 * onboarding's trial without a card, the details the Billing page reads, the trial's end, a card in
 * the portal (accepted, declined), a failed renewal, a cancellation and a renewal.
 */
import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import {
  addCardInPortal,
  advanceClock,
  billingWorldForFile,
  DAY,
  details,
  detailsWhen,
  portalForm,
  subscriptionRow,
  subscriptionRowWhen,
  trialCompany,
} from "./billing-fixture.ts";
import { sleep } from "./kit/index.ts";

const w = billingWorldForFile();

const nowSec = () => Date.now() / 1000;
const item = (sub: Stripe.Subscription) => sub.items.data[0]!;

describe("onboarding's trial", () => {
  it("makes the provider's customer on a test clock and a 14-day trial on Starter, without a card", async () => {
    const { user, customer, subscription, clockId } = await trialCompany(w, { companyName: "Harbor Tools" });
    expect(customer).toMatchObject({ email: user.email, name: "Harbor Tools" });
    expect(customer.metadata).toEqual({ companyId: user.companyId });
    expect(clockId).toMatch(/^clock_/);
    expect(customer.invoice_settings.default_payment_method).toBeNull();
    expect(subscription.status).toBe("trialing");
    expect(subscription.trial_settings?.end_behavior.missing_payment_method).toBe("pause");
    expect(item(subscription).price.id).toBe("price_starter_monthly");
    // 14 days from onboarding (the sandbox clock starts at the real time)
    expect(subscription.trial_end! - nowSec()).toBeGreaterThan(14 * DAY - 120);
    expect(subscription.trial_end! - nowSec()).toBeLessThanOrEqual(14 * DAY);
    const row = await subscriptionRow(w.t, user.companyId);
    expect(Math.floor(row.trialEnd!.getTime() / 1000)).toBe(subscription.trial_end);
  });

  it("answers subscription/details per spec: the trial, no limit, a portal session for the customer", async () => {
    const { user, customer, subscription } = await trialCompany(w);
    const d = await details(w, user);
    expect(d.billingEnabled).toBe(true);
    expect(d.supportEmail).toBe("support@recoup.local");
    expect(d.subscriptionDetails).toEqual({
      status: "trialing",
      planName: "Starter",
      amount: 2900,
      currency: "usd",
      interval: "month",
      endDate: item(subscription).current_period_end,
      trialEnd: subscription.trial_end,
      usageLimit: null,
      cancelAt: null,
      invoicesUsed: 0,
      usageMonth: new Date().toISOString().slice(0, 7),
    });
    expect(d.sessionURL).toMatch(new RegExp(`^${w.sandbox.baseUrl}/p/session/test_`));
    const portal = await (await fetch(d.sessionURL!)).text();
    expect(portal).toContain(customer.email!);
    expect(portal).toContain("Your trial ends on");
    expect(portal).toContain('href="http://localhost:3000/billing"');
  });

  it("refuses another user's email (403) and anonymous callers (401)", async () => {
    const { user } = await trialCompany(w);
    const other = await w.call("GET", "/v1/business/subscription/details?email=someone@example.com", {
      token: user.token,
    });
    expect(other.status).toBe(403);
    const anonymous = await w.call("GET", `/v1/business/subscription/details?email=${user.email}`);
    expect(anonymous.status).toBe(401);
  });
});

describe("the trial's end and the portal", () => {
  it("past the trial without a card: paused at the provider, 'trialing' with its end passed here", async () => {
    const { user, subscription, clockId } = await trialCompany(w);
    await advanceClock(w, clockId, 15);
    expect((await w.stripe.subscriptions.retrieve(subscription.id)).status).toBe("paused");
    // The clock is 15 days ahead of the app: the trial ended a day ago in the app's time.
    const expectedEnd = subscription.trial_end! - 15 * DAY;
    const d = await detailsWhen(w, user, (s) => s.trialEnd === expectedEnd);
    expect(d.subscriptionDetails).toMatchObject({
      status: "trialing",
      trialEnd: expectedEnd,
      usageLimit: null,
    });
    expect(d.subscriptionDetails!.trialEnd!).toBeLessThan(nowSec());
    expect(d.sessionURL).toBeTruthy();
  });

  it("a card (4242) in the portal resumes it: active on Starter, paid, renewing a month later", async () => {
    const { user, subscription, clockId } = await trialCompany(w);
    await advanceClock(w, clockId, 15);
    const { sessionURL } = await detailsWhen(w, user, (s) => s.trialEnd! < nowSec());
    const added = await addCardInPortal(sessionURL!, "4242 4242 4242 4242");
    expect(added.status).toBe(303);
    const d = await detailsWhen(w, user, (s) => s.status === "active");
    const sub = await w.stripe.subscriptions.retrieve(subscription.id);
    expect(sub.status).toBe("active");
    const invoices = await w.stripe.invoices.list({ customer: sub.customer as string });
    expect(invoices.data.find((i) => i.amount_paid === 2900)?.status).toBe("paid");
    expect(d.subscriptionDetails).toMatchObject({
      status: "active",
      planName: "Starter",
      amount: 2900,
      usageLimit: 100,
    });
    // In the app's time: the test clock's offset is read at a later second than the clock moved.
    const details = d.subscriptionDetails!;
    expect(Math.abs(details.endDate! - (item(sub).current_period_end - 15 * DAY))).toBeLessThanOrEqual(2);
    expect(Math.abs(details.trialEnd! - (subscription.trial_end! - 15 * DAY))).toBeLessThanOrEqual(2);
  });

  it("a declined card (4000 0000 0000 0002) leaves the trial ended", async () => {
    const { user, subscription, clockId } = await trialCompany(w);
    await advanceClock(w, clockId, 15);
    const { sessionURL } = await detailsWhen(w, user, (s) => s.trialEnd! < nowSec());
    const declined = await addCardInPortal(sessionURL!, "4000 0000 0000 0002");
    expect(declined.status).toBe(402);
    expect(declined.text).toContain("Your card was declined.");
    await w.sandbox.control.flushWebhooks(5_000);
    await sleep(1500);
    expect((await w.stripe.subscriptions.retrieve(subscription.id)).status).toBe("paused");
    expect((await details(w, user)).subscriptionDetails).toMatchObject({ status: "trialing" });
  });

  it("a failed renewal is past_due; paying in the portal makes it active again", async () => {
    const { user, subscription, clockId } = await trialCompany(w);
    const { sessionURL } = await details(w, user);
    expect((await addCardInPortal(sessionURL!, "4242 4242 4242 4242")).status).toBe(303);
    // the card is charged when the trial ends (an hour later), then the next renewal fails
    await advanceClock(w, clockId, 15);
    await detailsWhen(w, user, (s) => s.status === "active");
    w.sandbox.control.failNextCharge(subscription.customer as string);
    await advanceClock(w, clockId, 31);
    expect((await w.stripe.subscriptions.retrieve(subscription.id)).status).toBe("past_due");
    await detailsWhen(w, user, (s) => s.status === "past_due");
    const open = (await w.stripe.invoices.list({ customer: subscription.customer as string, status: "open" }))
      .data[0]!;
    const paid = await portalForm((await details(w, user)).sessionURL!, `/invoices/${open.id}/pay`, {});
    expect(paid.status).toBe(303);
    await detailsWhen(w, user, (s) => s.status === "active");
  });

  it("cancel in the portal: canceled, ended; renew: a new subscription on the same plan, charged now", async () => {
    const { user, subscription } = await trialCompany(w);
    const { sessionURL } = await details(w, user);
    expect((await addCardInPortal(sessionURL!, "4242 4242 4242 4242")).status).toBe(303);
    const canceled = await portalForm(sessionURL!, `/subscriptions/${subscription.id}/cancel`, {
      when: "now",
    });
    expect(canceled.status).toBe(303);
    const ended = await w.stripe.subscriptions.retrieve(subscription.id);
    expect(ended.status).toBe("canceled");
    const d = await detailsWhen(w, user, (s) => s.status === "canceled");
    expect(d.subscriptionDetails).toMatchObject({
      endDate: ended.ended_at,
      trialEnd: subscription.trial_end,
    });

    const renew = await w.call("POST", "/v1/business/subscription/renew", {
      token: user.token,
      body: { email: user.email },
    });
    expect(renew.status).toBe(200);
    expect(renew.json.data.status).toBe("active");
    const subs = await w.stripe.subscriptions.list({
      customer: subscription.customer as string,
      status: "all",
    });
    const renewed = subs.data.find((s) => s.id !== subscription.id)!;
    expect(renewed).toMatchObject({ status: "active", trial_end: null });
    expect(item(renewed).price.id).toBe("price_starter_monthly");
    // the first trial's end stays the company's
    expect((await details(w, user)).subscriptionDetails).toMatchObject({
      status: "active",
      trialEnd: subscription.trial_end,
      endDate: item(renewed).current_period_end,
    });
    const again = await w.call("POST", "/v1/business/subscription/renew", {
      token: user.token,
      body: { email: user.email },
    });
    expect(again.status).toBe(409);
  });

  it("moving the clock during the trial moves the days left with it", async () => {
    const { user, subscription, clockId } = await trialCompany(w);
    await advanceClock(w, clockId, 5);
    const d = await detailsWhen(w, user, (s) => s.trialEnd === subscription.trial_end! - 5 * DAY);
    expect(d.subscriptionDetails!.status).toBe("trialing");
    expect(Math.ceil((d.subscriptionDetails!.trialEnd! - nowSec()) / DAY)).toBe(9);
    await subscriptionRowWhen(
      w.t,
      user.companyId,
      (r) => r.clockOffsetSeconds === 5 * DAY,
      "clock offset stored",
    );
  });
});
