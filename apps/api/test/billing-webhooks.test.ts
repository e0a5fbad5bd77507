/**
 * POST /v1/webhooks/stripe: Stripe's signature scheme with a 300 s tolerance, each event handled
 * once, and no event, however late or out of order, moving the subscription backwards.
 */
import { randomBytes } from "node:crypto";
import { apiPaths } from "@recoup/contracts";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { billingEvents } from "../src/db/schema/index.ts";
import {
  addCardInPortal,
  advanceClock,
  billingWorldForFile,
  details,
  detailsWhen,
  subscriptionRow,
  subscriptionRowWhen,
  trialCompany,
} from "./billing-fixture.ts";
import { BILLING_EVENTS_PRUNE } from "./internals.ts";

const w = billingWorldForFile();

const signer = new Stripe("sk_test_unused");
const sign = (payload: string, secret = w.webhookSecret, timestamp = Math.floor(Date.now() / 1000)) =>
  signer.webhooks.generateTestHeaderString({ payload, secret, timestamp });

async function post(body: string, signature?: string) {
  const res = await w.call("POST", apiPaths.billing.webhook, {
    raw: body,
    headers: { "content-type": "application/json", ...(signature ? { "stripe-signature": signature } : {}) },
  });
  return { status: res.status, json: res.json as { received?: boolean; duplicate?: boolean } };
}

function eventBody(customer: string, overrides: Record<string, unknown> = {}) {
  return JSON.stringify({
    id: `evt_test_${randomBytes(8).toString("hex")}`,
    object: "event",
    api_version: "2026-10-28.endive",
    created: Math.floor(Date.now() / 1000),
    type: "customer.updated",
    data: { object: { id: customer, object: "customer" } },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    ...overrides,
  });
}

const recorded = async (eventId: string) =>
  w.t.ctx.db.select().from(billingEvents).where(eq(billingEvents.eventId, eventId));

describe("signatures", () => {
  it("refuses a forged signature, a tampered body and a missing header (400), recording nothing", async () => {
    const { customer } = await trialCompany(w);
    const body = eventBody(customer.id);
    const id = JSON.parse(body).id as string;
    const forged = await post(body, sign(body, "whsec_someone_else"));
    expect(forged.status).toBe(400);
    const tampered = await post(body.replace("customer.updated", "customer.deleted"), sign(body));
    expect(tampered.status).toBe(400);
    const missing = await post(body);
    expect(missing.status).toBe(400);
    const garbage = await post(body, "t=1,v1=deadbeef");
    expect(garbage.status).toBe(400);
    expect(await recorded(id)).toEqual([]);
    const genuine = await post(body, sign(body));
    expect(genuine).toEqual({ status: 200, json: { received: true, duplicate: false } });
    expect(await recorded(id)).toHaveLength(1);
  });

  it("refuses a signature older than 300 s; accepts one 299 s old", async () => {
    const { customer } = await trialCompany(w);
    const now = Math.floor(Date.now() / 1000);
    const stale = eventBody(customer.id);
    expect((await post(stale, sign(stale, w.webhookSecret, now - 301))).status).toBe(400);
    expect(await recorded(JSON.parse(stale).id)).toEqual([]);
    const fresh = eventBody(customer.id);
    expect((await post(fresh, sign(fresh, w.webhookSecret, now - 299))).status).toBe(200);
  });
});

describe("delivery", () => {
  it("handles an event delivered ten times at once exactly once", async () => {
    const { customer } = await trialCompany(w);
    const body = eventBody(customer.id);
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(body, sign(body))));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers.filter((a) => a.json.duplicate === false)).toHaveLength(1);
    const rows = await recorded(JSON.parse(body).id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.matched).toBe(true);
  });

  it("records and ignores an event about someone else's customer", async () => {
    const body = eventBody("cus_not_ours");
    expect((await post(body, sign(body))).json).toEqual({ received: true, duplicate: false });
    expect((await recorded(JSON.parse(body).id))[0]!.matched).toBe(false);
  });

  it("an old event arriving last never moves the subscription back: the provider is read again", async () => {
    const { user, customer, subscription, clockId } = await trialCompany(w);
    const { sessionURL } = await details(w, user);
    expect((await addCardInPortal(sessionURL!, "4242 4242 4242 4242")).status).toBe(303);
    await advanceClock(w, clockId, 15);
    await detailsWhen(w, user, (s) => s.status === "active");
    // The subscription's first event (status trialing), replayed as a new delivery after everything else.
    const created = w.sandbox.control
      .events({ type: "customer.subscription.created" })
      .find((e) => (e.data.object as { id: string }).id === subscription.id)!;
    expect((created.data.object as { status: string }).status).toBe("trialing");
    const before = (await subscriptionRow(w.t, user.companyId)).providerReadAt!;
    const late = JSON.stringify({ ...created, id: `evt_late_${randomBytes(6).toString("hex")}` });
    expect((await post(late, sign(late))).status).toBe(200);
    const after = await subscriptionRowWhen(
      w.t,
      user.companyId,
      (r) => r.providerReadAt! > before,
      "read again after the late event",
    );
    expect(after.status).toBe("active");
    expect(customer.id).toBe(subscription.customer);
  });

  it("events delivered twice each and in shuffled order end in the provider's state", async () => {
    w.sandbox.control.configureWebhook({
      url: w.webhookUrl,
      secret: w.webhookSecret,
      retryDelaysMs: [200, 1000],
      chaos: { duplicateRate: 1, reorder: true, batchMs: 25, seed: 7 },
    });
    try {
      const { user, subscription, clockId } = await trialCompany(w);
      const { sessionURL } = await details(w, user);
      expect((await addCardInPortal(sessionURL!, "4242 4242 4242 4242")).status).toBe(303);
      await advanceClock(w, clockId, 15);
      w.sandbox.control.failNextCharge(subscription.customer as string);
      await advanceClock(w, clockId, 31);
      const truth = await w.stripe.subscriptions.retrieve(subscription.id);
      expect(truth.status).toBe("past_due");
      const d = await detailsWhen(w, user, (s) => s.status === "past_due");
      expect(d.subscriptionDetails!.endDate).toBe(truth.items.data[0]!.current_period_end - 46 * 86_400);
      const deliveries = w.sandbox.control.deliveries();
      const ids = deliveries.map((x) => x.event);
      expect(new Set(ids).size).toBeLessThan(ids.length);
    } finally {
      w.sandbox.control.configureWebhook({
        url: w.webhookUrl,
        secret: w.webhookSecret,
        retryDelaysMs: [200],
      });
    }
  });
});

describe("event ids", () => {
  it("are forgotten 30 days after they arrive, by a daily job", async () => {
    const { boss } = w.t.ctx.queue;
    expect((await boss.getSchedules()).find((s) => s.name === BILLING_EVENTS_PRUNE)?.cron).toBe("17 3 * * *");
    const day = 86_400_000;
    const now = w.t.ctx.now().getTime();
    const event = (eventId: string, daysAgo: number) => ({
      eventId,
      type: "customer.updated",
      providerCreatedAt: new Date(now - daysAgo * day),
      matched: false,
      receivedAt: new Date(now - daysAgo * day),
    });
    await w.t.ctx.db.insert(billingEvents).values([event("evt_prune_31", 31), event("evt_prune_29", 29)]);
    await boss.send(BILLING_EVENTS_PRUNE, {});
    await expect.poll(async () => (await recorded("evt_prune_31")).length, { timeout: 15_000 }).toBe(0);
    expect(await recorded("evt_prune_29")).toHaveLength(1);
  });
});
